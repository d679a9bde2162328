import { createHash } from 'node:crypto';
import vm from 'node:vm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  hashOf,
  inlineFirstPaint,
  inlineHashesConf,
  startScript,
  withInlineHashes,
} from '../../scripts/build/first-paint.mjs';

const built = `<!doctype html><html lang="en"><head><meta charset="UTF-8" />
<script type="module" crossorigin src="/assets/index-AbC1.js"></script>
<link rel="stylesheet" crossorigin href="/assets/index-DeF2.css">
<link rel="stylesheet" crossorigin href="/assets/shop-GhI3.css"></head><body><div id="root"><h1>Shop</h1></div></body></html>`;

const assets: Record<string, string> = {
  '/assets/index-DeF2.css': 'body{margin:0}',
  '/assets/shop-GhI3.css': '.shop{display:grid}',
};
const readAsset = (address: string) => {
  const text = assets[address];
  if (text === undefined) throw new Error(`no ${address}`);
  return text;
};

describe('a prerendered page as it ships', () => {
  const { page, styles, scripts } = inlineFirstPaint(built, readAsset);

  it('carries its stylesheets inline, each with the address of its file, and links none', () => {
    expect(page).toContain('<style data-href="/assets/index-DeF2.css">body{margin:0}</style>');
    expect(page).toContain('<style data-href="/assets/shop-GhI3.css">.shop{display:grid}</style>');
    expect(page).not.toContain('rel="stylesheet"');
    expect(styles).toEqual(['body{margin:0}', '.shop{display:grid}']);
  });

  it('asks for no script in its HTML: the start script names the boot script and comes after the styles', () => {
    expect(page).not.toMatch(/<script[^>]*\ssrc=/);
    expect(page).toContain(`<script data-src="/assets/index-AbC1.js">${startScript}</script></head>`);
    expect(page.indexOf('<script')).toBeGreaterThan(page.lastIndexOf('</style>'));
    expect(scripts).toEqual([startScript]);
  });

  it('names the other modules of the page for the start script to ask for, and refuses an address that is none', () => {
    const { page } = inlineFirstPaint(built, readAsset, [
      '/assets/index-AbC1.js',
      '/assets/main-1.js',
      '/assets/shop-2.js',
    ]);
    expect(page).toContain(
      '<script data-src="/assets/index-AbC1.js" data-preload="/assets/main-1.js /assets/shop-2.js">',
    );
    expect(() => inlineFirstPaint(built, readAsset, ['/assets/a.js" onload="x'])).toThrow(/Not an address/);
  });

  it('keeps the rest of the page as it was', () => {
    expect(page).toContain('<div id="root"><h1>Shop</h1></div>');
    expect(page.startsWith('<!doctype html><html lang="en"><head><meta charset="UTF-8" />')).toBe(true);
  });

  it('refuses a page without the boot script, and a stylesheet that would end its style element', () => {
    expect(() => inlineFirstPaint(built.replace(/<script[^>]*><\/script>/, ''), readAsset)).toThrow(/no boot script/);
    expect(() => inlineFirstPaint(built, () => 'a{}</style><script>')).toThrow(/contains <\/style/);
  });
});

describe('the start script', () => {
  it('does not depend on the build, so that a server with older hashes still runs it', () => {
    expect(startScript).not.toMatch(/assets|index-/);
    expect(startScript).toContain('script.dataset.src');
  });
});

/**
 * Runs the start script in a page of its own making: a document whose visibility and paint the
 * test decides, and a record of what the script asked for, in order (`preload …` for each
 * modulepreload link it added, `import …` for the boot script).
 */
function startPage({ hidden = false, paintTiming = true, preload = '/assets/main-1.js /assets/login-2.js' } = {}) {
  const log: string[] = [];
  const listeners = new Map<string, () => void>();
  let reportPaint: ((names: string[]) => void) | undefined;
  const frames: (() => void)[] = [];
  const document = {
    currentScript: { dataset: { src: '/assets/index-AbC1.js', preload } },
    visibilityState: hidden ? 'hidden' : 'visible',
    querySelectorAll: () => [],
    createElement: () => ({}),
    head: { append: (link: { rel: string; href: string }) => log.push(`${link.rel} ${link.href}`) },
    addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
  };
  class PerformanceObserver {
    static supportedEntryTypes = paintTiming ? ['paint', 'resource'] : ['resource'];
    constructor(callback: (list: { getEntriesByName(name: string): unknown[] }, observer: object) => void) {
      reportPaint = (names) =>
        callback({ getEntriesByName: (name) => names.filter((entry) => entry === name) }, { disconnect: () => {} });
    }
    observe() {}
  }
  const context = vm.createContext({
    document,
    window: { PerformanceObserver },
    PerformanceObserver,
    setTimeout,
    requestAnimationFrame: (frame: () => void) => frames.push(frame),
    load: (address: string) => log.push(`import ${address}`),
  });
  // A script outside a module graph cannot import in Node without a flag: its one import of the
  // boot script is recorded instead.
  const boot = 'import(script.dataset.src)';
  expect(startScript.split(boot)).toHaveLength(2);
  vm.runInContext(startScript.replace(boot, 'load(script.dataset.src)'), context);
  return {
    log,
    paint: (names = ['first-paint', 'first-contentful-paint']) => reportPaint?.(names),
    hide: () => {
      document.visibilityState = 'hidden';
      listeners.get('visibilitychange')?.();
    },
    frame: () => frames.splice(0).forEach((frame) => frame()),
  };
}

describe('the start script', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks for nothing before the first contentful paint, however late it comes', async () => {
    const page = startPage();
    await vi.advanceTimersByTimeAsync(60_000);
    page.paint(['first-paint']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(page.log).toEqual([]);
  });

  it('asks for every module of the page at once after the first contentful paint, the boot script last', async () => {
    const page = startPage();
    page.paint();
    await vi.advanceTimersByTimeAsync(0);
    expect(page.log).toEqual([
      'modulepreload /assets/main-1.js',
      'modulepreload /assets/login-2.js',
      'import /assets/index-AbC1.js',
    ]);
    page.hide();
    page.paint();
    await vi.advanceTimersByTimeAsync(0);
    expect(page.log).toHaveLength(3);
  });

  it('starts at once on a page that is hidden, which never paints', async () => {
    const page = startPage({ hidden: true, preload: '' });
    await vi.advanceTimersByTimeAsync(0);
    expect(page.log).toEqual(['import /assets/index-AbC1.js']);
  });

  it('starts when the page is hidden before it painted', async () => {
    const page = startPage();
    await vi.advanceTimersByTimeAsync(5000);
    expect(page.log).toEqual([]);
    page.hide();
    await vi.advanceTimersByTimeAsync(0);
    expect(page.log.at(-1)).toBe('import /assets/index-AbC1.js');
  });

  it('starts after the first frame in a browser without paint timing', async () => {
    const page = startPage({ paintTiming: false });
    await vi.advanceTimersByTimeAsync(5000);
    expect(page.log).toEqual([]);
    page.frame();
    await vi.advanceTimersByTimeAsync(0);
    expect(page.log.at(-1)).toBe('import /assets/index-AbC1.js');
  });
});

describe('the hashes for the Content-Security-Policy', () => {
  it('are the base64 SHA-256 of each inline text, as CSP sources', () => {
    expect(hashOf('body{margin:0}')).toBe(`'sha256-${createHash('sha256').update('body{margin:0}').digest('base64')}'`);
  });

  it('go into an nginx file that names each text once, styles and scripts apart', () => {
    const conf = inlineHashesConf({ styles: ['a{}', 'b{}', 'a{}'], scripts: [startScript, startScript] });
    expect(conf).toContain(`map $host $portal_style_hashes {\n    default "${hashOf('a{}')} ${hashOf('b{}')}";\n}`);
    expect(conf).toContain(`map $host $portal_script_hashes {\n    default "${hashOf(startScript)}";\n}`);
  });

  it('fill the policy of security-headers.conf as nginx sends it', () => {
    const conf = inlineHashesConf({ styles: ['a{}'], scripts: [startScript] });
    expect(
      withInlineHashes("script-src 'self' $portal_script_hashes; style-src 'self' $portal_style_hashes", conf),
    ).toBe(`script-src 'self' ${hashOf(startScript)}; style-src 'self' ${hashOf('a{}')}`);
    expect(() => withInlineHashes('img-src $portal_image_hashes', conf)).toThrow(/no \$portal_image_hashes/);
  });
});
