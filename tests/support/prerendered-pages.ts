/**
 * The public pages as src/prerender.tsx renders them at build time, placed in the document as
 * nginx serves them, for the tests of what the app takes over from them (docs/decisions/016).
 */
import { execFileSync } from 'node:child_process';
import type { Language } from '../../src/domain/constants';

export type PrerenderedPages = Record<string, string>;

/**
 * Renders `paths` in both languages. React's server renderer runs in a process of its own: in the
 * test's process it would share React's contexts with the client renderer. Call it in a
 * `beforeAll` with a long timeout: it starts a Vite server.
 */
export function prerenderPages(paths: readonly string[]): PrerenderedPages {
  const script = `
    import { createServer } from 'vite';
    const vite = await createServer({ mode: 'production', logLevel: 'error', appType: 'custom', server: { middlewareMode: true, hmr: false } });
    const { renderPage } = await vite.ssrLoadModule('/src/prerender.tsx');
    const pages = {};
    for (const language of ['en', 'de']) for (const path of ${JSON.stringify(paths)}) pages[language + path] = await renderPage(path, language);
    await vite.close();
    process.stdout.write(JSON.stringify(pages));`;
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }),
  ) as PrerenderedPages;
}

/** The prerendered page in a #root element of the document, as nginx serves it. */
export function placePrerendered(pages: PrerenderedPages, path: string, language: Language = 'en'): HTMLElement {
  const root = document.createElement('div');
  root.id = 'root';
  const page = pages[`${language}${path}`];
  if (page === undefined) throw new Error(`${path} in ${language} was not prerendered for this test`);
  root.innerHTML = page;
  document.body.append(root);
  return root;
}
