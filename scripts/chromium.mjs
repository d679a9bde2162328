// @ts-check
/**
 * The Chromium every browser run of the project launches: Debian's build (Playwright cannot
 * download its own here) with the flags that keep a headless run quiet and offline. The
 * journeys, the feedback journey, the benchmarks and the state gallery share them; each adds
 * what is its own.
 */

/** Where Chromium is: `CHROMIUM_PATH`, else Debian's package. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless, no sandbox (root in a container), no GPU, no network of Chromium's own, no QUIC. */
export const chromiumArgs = Object.freeze([
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]);
