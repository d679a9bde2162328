#!/usr/bin/env node
/**
 * After `vite build`: writes dist/prerendered/<language>/<page>.html for the public pages that
 * need no API data, in German and English. The production server answers a first visit with
 * the file of the browser's language (deploy/nginx/portal.conf) and the app renders over it.
 * Each page carries its styles and a start script inline (scripts/build/first-paint.mjs), whose
 * hashes go to dist/.nginx/inline-hashes.conf for the Content-Security-Policy.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer } from 'vite';
import { inlineFirstPaint, inlineHashesConf } from './build/first-paint.mjs';
import { filesOfRoute, routePages } from './check-bundle.mjs';

const root = new URL('..', import.meta.url).pathname;
const dist = join(root, 'dist');
const template = readFileSync(join(dist, 'index.html'), 'utf8');
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));

/** The CSS files of a module and of the chunks it imports, as Vite's manifest lists them. */
function cssOf(key, seen = new Set()) {
  if (!key || seen.has(key) || !manifest[key]) return [];
  seen.add(key);
  const chunk = manifest[key];
  return [...(chunk.css ?? []), ...(chunk.imports ?? []).flatMap((child) => cssOf(child, seen))];
}
const entryCss = new Set(cssOf('index.html'));
// A Vite server in middleware mode loads the app for rendering, lazy pages included.
const vite = await createServer({
  root,
  mode: 'production',
  logLevel: 'error',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false },
});
const module = await vite.ssrLoadModule('/src/prerender.tsx');

const escape = (value) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const unescape = (value) =>
  value
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');

/** What search results show of a page, in its language (index.html carries the English one). */
const descriptions = {
  en: 'Cloud backup storage on Proxmox Backup Server, hosted in Germany, and Proxmox licences. Customer portal.',
  de: 'Cloud-Backup-Speicher auf Proxmox Backup Server, gehostet in Deutschland, und Proxmox-Lizenzen. Kundenportal.',
};
let count = 0;
const inline = { styles: [], scripts: [] };
const readAsset = (address) => readFileSync(join(dist, address), 'utf8');
const modulesOf = (file) => {
  const map = join(dist, `${file}.map`);
  return existsSync(map) ? JSON.parse(readFileSync(map, 'utf8')).sources : undefined;
};
for (const language of ['en', 'de']) {
  mkdirSync(join(dist, 'prerendered', language), { recursive: true });
  for (const page of module.prerenderedPages) {
    const body = await module.renderPage(page, language);
    if (body.includes('<script')) throw new Error(`${page} rendered a script; the CSP allows none inline`);
    const heading = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(body)?.[1]?.replace(/<[^>]+>/g, '') ?? '';
    const portal = language === 'de' ? 'Cloud-Backup-Portal' : 'Cloud Backup Portal';
    const description = descriptions[language];
    const title = heading ? `${unescape(heading)} · ${portal}` : portal;
    // The page's own CSS, which the app would load with the page's chunk: up front.
    const pageCss = [...new Set(cssOf(module.pageModules[page]))].filter((file) => !entryCss.has(file));
    const links = pageCss.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`).join('');
    const html = template
      .replace('</head>', `${links}</head>`)
      .replace(/<html lang="[^"]*">/, `<html lang="${language}">`)
      .replace(/<title>[^<]*<\/title>/, `<title>${escape(title)}</title>`)
      .replace(/<meta name="description" content="[^"]*"/, `<meta name="description" content="${escape(description)}"`)
      .replace('<div id="root"></div>', `<div id="root">${body}</div>`);
    const name = page === '/' ? 'index' : page.slice(1);
    // Every module its start needs, in its language, asked for at once after the first paint
    // (issue 41): the same files the bundle check counts for the page's first visit.
    if (!routePages[page]) throw new Error(`${page} has no entry in routePages of scripts/check-bundle.mjs`);
    const preload = filesOfRoute(manifest, page, { language, modulesOf }).js.map((file) => `/${file}`);
    const shipped = inlineFirstPaint(html, readAsset, preload);
    inline.styles.push(...shipped.styles);
    inline.scripts.push(...shipped.scripts);
    writeFileSync(join(dist, 'prerendered', language, `${name}.html`), shipped.page);
    count += 1;
  }
}
await vite.close();
mkdirSync(join(dist, '.nginx'), { recursive: true });
writeFileSync(join(dist, '.nginx/inline-hashes.conf'), inlineHashesConf(inline));
console.log(`Prerendered ${count} pages into dist/prerendered/.`);
