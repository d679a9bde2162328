// @ts-check
/**
 * The Chromium every browser run of the project launches: Debian's build (Playwright cannot
 * download its own here) with the flags that keep a headless run quiet and offline. The
 * journeys, the feedback journey, the benchmarks and the state gallery share them; each adds
 * what is its own.
 */

/** Where Chromium is: `CHROMIUM_PATH`, else Debian's package. Lighthouse and the benchmarks run it. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Where Chromium's headless shell is (`CHROMIUM_HEADLESS_SHELL_PATH`, else Debian's package
 * `chromium-headless-shell`): the same Blink and V8 without the browser's own user interface,
 * which is what Playwright itself launches for headless runs. The journeys and the state gallery
 * run it: the same 26 journeys took 39 s of CPU instead of 65 s (the browser process 6 s instead
 * of 22 s), decision 055.
 */
export const headlessShellPath = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

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
