// @ts-check
/**
 * What stands between a prerendered page and its first paint: nothing but its HTML
 * (docs/decisions/037). scripts/prerender.mjs writes each page with
 *   - its stylesheets inline, each `<style>` keeping the file's address in `data-href`;
 *   - instead of the boot script's tag, the start script below, inline, with the boot script's
 *     address in `data-src` and every other module the page's start needs in `data-preload`: once
 *     the page has painted, it asks for all of them at once (`modulepreload`, issue 41), so that no
 *     script of the app is requested, let alone run, before the first paint, and none waits for
 *     the module that imports it to be fetched first;
 * and the Content-Security-Policy allows exactly these inline texts by their hashes, which the
 * build writes into `dist/.nginx/inline-hashes.conf`, the file deploy/nginx/portal.conf includes.
 */
import { createHash } from 'node:crypto';

/**
 * The start script. Its text never depends on the build (the addresses are in attributes,
 * which a hash does not cover), so a server that still has the previous build's hashes runs it.
 * A stylesheet that such a server's policy blocked has no `sheet`: its file is linked instead,
 * so a stale configuration costs a round trip, never the page's styles.
 * It waits for the first contentful paint however late it comes (a slow phone paints later than
 * any fixed time), never for a clock; a page that is hidden never paints and starts at once, or
 * when it is hidden (a tab opened in the background, a page the browser prerenders). A browser
 * without paint timing starts after its first frame.
 */
export const startScript = `(() => {
  const script = document.currentScript;
  for (const style of document.querySelectorAll('style[data-href]')) {
    if (style.sheet) continue;
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = style.dataset.href;
    document.head.append(link);
  }
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of (script.dataset.preload || '').split(' ')) {
      if (!href) continue;
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.append(link);
    }
    import(script.dataset.src);
  };
  const hidden = () => document.visibilityState === 'hidden';
  if (hidden()) start();
  document.addEventListener('visibilitychange', () => {
    if (hidden()) start();
  });
  if (window.PerformanceObserver?.supportedEntryTypes?.includes('paint')) {
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      setTimeout(start, 0);
    }).observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(() => setTimeout(start, 0));
  }
})();`;

/** The CSP source of an inline text: `'sha256-…'`. */
export const hashOf = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

const stylesheet = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/g;
const bootScript = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;

/**
 * A page of the build as prerendered pages ship: stylesheets inline and the start script in
 * place of the boot script's tag. `readAsset` reads a file of the build by its address.
 * Returns the page and the inline texts it carries.
 * `preload` lists the addresses of the other modules the page's start needs (the start script
 * asks for them beside the boot script); an address with a space or a quote is refused.
 * @param {string} html
 * @param {(address: string) => string} readAsset
 * @param {readonly string[]} [preload]
 */
export function inlineFirstPaint(html, readAsset, preload = []) {
  const styles = [];
  let page = html.replace(stylesheet, (_, href) => {
    const css = readAsset(href);
    if (css.includes('</style')) throw new Error(`${href} contains </style`);
    styles.push(css);
    return `<style data-href="${href}">${css}</style>`;
  });
  const src = bootScript.exec(page)?.[1];
  if (!src) throw new Error('The page has no boot script tag to replace: update scripts/build/first-paint.mjs');
  // At the end of the head, after the styles it checks.
  const others = preload.filter((address) => address !== src);
  for (const address of others)
    if (!/^\/[\w./-]+$/.test(address)) throw new Error(`Not an address to preload: ${address}`);
  const attributes = `data-src="${src}"${others.length > 0 ? ` data-preload="${others.join(' ')}"` : ''}`;
  page = page.replace(bootScript, '').replace('</head>', `<script ${attributes}>${startScript}</script></head>`);
  return { page, styles, scripts: [startScript] };
}

/**
 * The nginx file with the hashes (deploy/nginx/security-headers.conf puts them in the policy).
 * @param {{ styles: string[]; scripts: string[] }} inline
 */
export function inlineHashesConf({ styles, scripts }) {
  const list = (texts) => [...new Set(texts.map(hashOf))].join(' ');
  return `# Written by the build (scripts/prerender.mjs, docs/decisions/037): the hashes of the inline
# styles and the start script of the prerendered pages, which the Content-Security-Policy of
# deploy/nginx/security-headers.conf allows and no other inline code. Reload nginx after each
# deployment of a build, so that it reads the hashes of that build.
map $host $portal_style_hashes {
    default "${list(styles)}";
}
map $host $portal_script_hashes {
    default "${list(scripts)}";
}
`;
}

/**
 * A header line of deploy/nginx/security-headers.conf as nginx sends it with the hashes of
 * `hashesConf` (an inline-hashes.conf): its `$portal_…_hashes` variables replaced by their values.
 * @param {string} header
 * @param {string} hashesConf
 */
export function withInlineHashes(header, hashesConf) {
  const values = Object.fromEntries(
    [...hashesConf.matchAll(/^map \$host \$(portal_\w+_hashes) \{\n\s*default "([^"]*)";/gm)].map(([, name, value]) => [
      name,
      value,
    ]),
  );
  return header.replace(/\$(portal_\w+_hashes)/g, (variable, name) => {
    if (values[name] === undefined) throw new Error(`The inline hashes have no ${variable}`);
    return values[name];
  });
}
