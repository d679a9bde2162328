import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
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

  it('waits for the first paint, with a fallback for a page that never paints', () => {
    expect(startScript).toContain("getEntriesByName('first-contentful-paint')");
    expect(startScript).toContain('setTimeout(start, 300)');
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
