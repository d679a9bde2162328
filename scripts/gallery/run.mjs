#!/usr/bin/env node
/**
 * npm run gallery (issue 19): a static site in dist-gallery/ that shows every state of the
 * portal's machines as the customer sees it. For each machine: its diagram (docs/machines/, drawn
 * to SVG by mermaid in Chromium), each state node a link to its screenshots, in English and
 * German, on a desktop and a phone, each with the events that led there. The events are the
 * shortest path of the machine's path models (tests/paths, scripts/gallery/plan.ts), replayed on
 * the demo bundle through its UI and the mock's controls (scripts/gallery/drivers.mjs). A state
 * no screen can show is listed with the reason.
 *
 * Screenshots show the window (1280 × 800, 390 × 844) where the driver points, the page's top
 * otherwise. Stable images: a fixed clock, the mock's seed data with no latency, reduced motion, animations
 * and the caret off, temporary passwords masked, Chromium's own fonts.
 *
 *   npm run gallery                              every machine of the gallery
 *   npm run gallery -- --machines purchase,login some of them
 *   npm run gallery -- --compare DIR             also report the screenshots that differ from DIR's
 *                                                  (an earlier dist-gallery) by more than an
 *                                                  antialiasing shade (differingPixels), with a
 *                                                  side-by-side image of each; exits 1 when any differs
 *   --skip-build                                   serve dist-demo/ as it is (after npm run build:demo)
 *   --out DIR                                      another output folder
 */
/* global window, document, Image -- used inside page.evaluate, which runs in the browser */
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { chromiumArgs, headlessShellPath } from '../chromium.mjs';
import { apiPageProblems, apiPages, buildApiPages } from '../contract/api-pages.mjs';
import { drivers, faultFor } from './drivers.mjs';

const repo = new URL('../..', import.meta.url).pathname;
const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const out = join(repo, option('--out') ?? 'dist-gallery');
const compareWith = option('--compare');
const machines = (option('--machines') ?? Object.keys(drivers).join(',')).split(',').filter(Boolean);
const languages = ['en', 'de'];
const viewports = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
};
/** The gallery's clock: every screenshot is taken at this moment. */
const FIXED_TIME = new Date('2026-11-02T09:00:00Z');
/** Latency of a call the path leaves pending: longer than any screenshot takes. */
const PENDING_MS = 600_000;
/** A delay the path waits out; longer ones (the 2-minute timeouts) are not waited for. */
const LONGEST_WAIT_MS = 5_000;

for (const machine of machines) if (!drivers[machine]) throw new Error(`No gallery driver for the machine ${machine}.`);

const started = Date.now();
const { build, preview, runnerImport } = await import('vite');
const { chromium } = await import('@playwright/test');

// ---- the demo bundle, served ----
const bundle = join(repo, 'dist-demo');
if (!args.includes('--skip-build') || !existsSync(join(bundle, 'index.html'))) {
  process.env.NODE_ENV = 'production';
  await build({ root: repo, mode: 'demo', logLevel: 'error', build: { outDir: bundle, emptyOutDir: true } });
}
const server = await preview({
  root: repo,
  mode: 'demo',
  logLevel: 'silent',
  build: { outDir: bundle },
  preview: { port: 4199, strictPort: false },
});
const base = (server.resolvedUrls?.local[0] ?? 'http://localhost:4199/').replace(/\/$/, '');

// ---- the plan: every state with its shortest path ----
const { module: planner } = await runnerImport(join(repo, 'scripts/gallery/plan.ts'));
const plans = planner.plan(machines);

const browser = await chromium.launch({
  executablePath: headlessShellPath,
  args: [
    ...chromiumArgs,
    '--font-render-hinting=none',
    '--disable-lcd-text',
    // Rasterise the same way each time (no partial or threaded raster, sRGB, no image decoding on the side).
    '--force-color-profile=srgb',
    '--disable-partial-raster',
    '--disable-skia-runtime-opts',
    '--disable-checker-imaging',
    '--run-all-compositor-stages-before-draw',
  ],
});

rmSync(out, { recursive: true, force: true });
mkdirSync(join(out, 'shots'), { recursive: true });

const isActorDone = (event) => event.type.startsWith('xstate.done.actor.');
const isActorError = (event) => event.type.startsWith('xstate.error.actor.');
const isDelay = (event) => event.type.startsWith('xstate.after.');
const isAction = (event) => !isActorDone(event) && !isActorError(event) && !isDelay(event);

/** Why a path cannot be replayed on the screen, or null when it can. */
function unreplayable(driver, planned) {
  if (planned.transient)
    return 'The machine passes through it within one step (an eventless transition): no screen ever shows it.';
  if (!planned.events) return 'No path model reaches this state (tests/paths/models).';
  for (const event of planned.events) {
    if (isActorDone(event)) continue;
    if (isActorError(event)) {
      if (event.error?.kind === 'aborted')
        return 'Reached only when a call is aborted, which happens when the page is left: no screen shows it.';
      if (!faultFor(event.error) && !driver.answered?.[event.error?.status])
        return `Reached only by a failure the mock cannot be told to give (${JSON.stringify(event.error)}).`;
      continue;
    }
    if (isDelay(event)) {
      const delay = planned.delays?.[event.type];
      if (delay === undefined || delay > LONGEST_WAIT_MS)
        return `Reached only after ${event.type.replace('xstate.after.', '')}, a wait the gallery does not sit through.`;
      continue;
    }
    if (!driver.events[event.type]) return `The page has no action for the event ${event.type}.`;
  }
  return null;
}

/** The mock call an actor's done or error event belongs to. */
function callOf(driver, planned, event) {
  const id = event.type.replace(/^xstate\.(done|error)\.actor\./, '');
  const src = planned.actors?.[id] ?? id;
  return driver.calls[src] ?? null;
}

/** Opens a fresh page in a language, with the mock reset, the clock fixed and the account's datastores. */
async function openState(context, driver, planned, language) {
  const page = await context.newPage();
  followRequests(page);
  await page.clock.setFixedTime(FIXED_TIME);
  await page.goto(`${base}/`);
  await page.waitForFunction(() => typeof window.__portalMock !== 'undefined');
  // The mock answers once its worker runs: a call without a session is then a 401.
  await page.waitForFunction(async () => (await fetch('/api/v1/me')).status === 401, undefined, { timeout: 60_000 });
  const datastores = driver.datastores?.(planned) ?? null;
  await page.evaluate(
    async ({ language, email, datastores }) => {
      window.__portalMock.reset();
      window.__portalMock.setLatency(0);
      if (datastores !== null) window.__portalMock.seedDatastores(datastores);
      sessionStorage.clear();
      sessionStorage.setItem('portal.language', language);
      sessionStorage.setItem('portal.loggedIn', email ? 'true' : 'false');
      if (email) {
        const answer = await fetch('/api/v1/login', {
          method: 'POST',
          credentials: 'include',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email, password: 'Demo-Password-2026', language }),
        });
        if (!answer.ok) throw new Error(`login ${answer.status}`);
      }
    },
    { language, email: driver.email ?? null, datastores },
  );
  return page;
}

/** Before an action (or the page's opening): the faults and latency the events after it need. */
async function arrange(page, driver, planned, from) {
  const events = planned.events;
  for (let index = from; index < events.length; index += 1) {
    const event = events[index];
    if (!isActorDone(event) && !isActorError(event)) break;
    const call = callOf(driver, planned, event);
    const fault = isActorError(event) ? faultFor(event.error) : null;
    if (call && fault)
      await page.evaluate(({ call, fault }) => window.__portalMock.fault(call, fault, { times: 1 }), { call, fault });
  }
  // Where the path ends with this action (or the page's opening) and a call under way, that
  // call must not answer before the screenshot.
  if (from === events.length && planned.pending.length > 0)
    await page.evaluate((ms) => window.__portalMock.setLatency(ms), PENDING_MS);
}

/**
 * The requests of each page under way, the alerts' event stream aside (issue 45): it stays open as
 * long as the page, so that Playwright's `networkidle` never comes on a logged-in page of v1.1.
 */
const inFlight = new WeakMap();

/** Follows the page's requests for `settle` (as `settled()` of tests/e2e/fixtures.ts). */
function followRequests(page) {
  const pending = new Set();
  page.on('request', (request) => {
    if (!new URL(request.url()).pathname.endsWith('/events')) pending.add(request);
  });
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  inFlight.set(page, pending);
}

/**
 * Until no request of the page has been under way for 0.5 s, as `networkidle` would, but at most
 * 5 s: a call the path holds pending for its screenshot never answers.
 */
async function settle(page) {
  const pending = inFlight.get(page);
  if (!pending) throw new Error('settle() needs a page whose requests are followed (followRequests).');
  const started = Date.now();
  let quietSince = started;
  while (Date.now() - started < 5_000) {
    if (pending.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 500) break;
    await page.waitForTimeout(100);
  }
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(400);
}

/** Replays a state's path on the page; returns when the screen shows the state. */
async function replay(page, driver, planned, language) {
  const events = planned.events;
  const directRoute = driver.inputRoute?.(planned.input) ?? null;
  const route = directRoute ?? (await driver.route(page, planned));
  await arrange(page, driver, planned, 0);
  await page.goto(`${base}${route}`);
  await page.locator('main').first().waitFor({ timeout: 30_000 });
  await settle(page);
  // A machine that a page starts on a click (the company's edit form) is opened first.
  if (driver.open) {
    await driver.open(page, planned);
    await settle(page);
  }
  // A state the machine leaves by itself within moments (the 2 s before a purchase reloads the
  // status, the 300 ms before a list's query is written to the address) is held for the
  // screenshots: the page's timers stop before the last action of its path. Calls still answer
  // (the mock waits on no timer without latency), so the action's results still arrive.
  const lastAction = planned.leavesAfter === null ? -1 : events.findLastIndex((event) => isAction(event));
  for (let index = 0; index < events.length; index += 1) {
    const event = events[index];
    if (isActorDone(event) || isActorError(event)) {
      await settle(page);
      continue;
    }
    if (isDelay(event)) {
      await page.waitForTimeout((planned.delays?.[event.type] ?? 0) + 300);
      continue;
    }
    await arrange(page, driver, planned, index + 1);
    if (index === lastAction) await page.clock.pauseAt(FIXED_TIME);
    await driver.events[event.type](page, event, planned, language);
    await settle(page);
  }
  // The mock's operator panel is the developers' tool, not the customer's screen.
  await page.addStyleTag({ content: '#portal-mock-operator { display: none !important; }' });
}

const shotPath = (machine, state, language, viewport) => join('shots', machine, `${state}.${language}.${viewport}.png`);

const gallery = [];
/** States whose replay broke (a driver or a screen changed): the site says so, and the run fails. */
const failedReplays = [];
for (const plan of plans) {
  const driver = drivers[plan.machine];
  const states = [];
  for (const planned of plan.states) {
    const reason = unreplayable(driver, planned);
    const entry = {
      state: planned.state,
      input: planned.input,
      events: planned.events,
      // How long the state lasts on its own, where the screenshots hold it (see replay).
      heldFrom: planned.leavesAfter !== null && planned.events?.some(isAction) ? planned.leavesAfter : null,
      reason,
      shots: [],
    };
    states.push(entry);
    if (reason) continue;
    for (const language of languages) {
      const context = await browser.newContext({
        viewport: viewports.desktop,
        deviceScaleFactor: 1,
        locale: language === 'de' ? 'de-DE' : 'en-GB',
        timezoneId: 'Europe/Berlin',
        reducedMotion: 'reduce',
        colorScheme: 'light',
      });
      try {
        const page = await openState(context, driver, planned, language);
        await replay(page, driver, planned, language);
        for (const [viewport, size] of Object.entries(viewports)) {
          await page.setViewportSize(size);
          await page.waitForTimeout(150);
          // What the customer sees of the state: the part of the page the driver points to, or its top.
          if (driver.scrollTo)
            await page
              .locator(driver.scrollTo)
              .first()
              .scrollIntoViewIfNeeded()
              .catch(() => {});
          await page.waitForTimeout(150);
          const file = shotPath(plan.machine, planned.state, language, viewport);
          mkdirSync(dirname(join(out, file)), { recursive: true });
          await page.screenshot({
            path: join(out, file),
            animations: 'disabled',
            caret: 'hide',
            mask: [page.locator('code.password-value')],
          });
          entry.shots.push({ language, viewport, file });
        }
      } catch (error) {
        entry.reason = `The replay failed: ${String(error?.message ?? error).split('\n')[0]}`;
        failedReplays.push(entry.state);
        entry.shots = [];
        break;
      } finally {
        await context.close();
      }
    }
    console.log(`${plan.machine}: ${planned.state} ${entry.reason ? `(none: ${entry.reason})` : 'shot'}`);
  }
  gallery.push({ machine: plan.machine, states });
}

// ---- the diagrams, drawn by mermaid, each state a link ----
const mermaid = join(repo, 'node_modules/mermaid/dist/mermaid.min.js');
const diagrams = {};
{
  const page = await browser.newPage();
  await page.setContent(
    '<!doctype html><html lang="en"><title>diagram</title><body><main id="out"></main></body></html>',
  );
  await page.addScriptTag({ path: mermaid });
  for (const { machine } of gallery) {
    const markdown = readFileSync(join(repo, 'docs/machines', `${machine}.md`), 'utf8');
    const source = markdown.split('```mermaid\n')[1]?.split('\n```')[0] ?? '';
    diagrams[machine] = await page.evaluate(async (text) => {
      window.mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', deterministicIds: true });
      const { svg } = await window.mermaid.render('diagram', text);
      const host = document.getElementById('out');
      host.innerHTML = svg;
      // Each state (a group s_a_b or state-s_a_b-n) links to its section: s_a_b is state a.b.
      for (const group of [...host.querySelectorAll('svg g[id]')]) {
        const id = /^(?:state-)?(s_[A-Za-z0-9_]+?)(?:-\d+)?$/.exec(group.id)?.[1];
        if (!id || /_(start|end)$/.test(id)) continue;
        const link = document.createElementNS('http://www.w3.org/2000/svg', 'a');
        link.setAttribute('href', `#${id}`);
        group.parentNode.insertBefore(link, group);
        link.appendChild(group);
      }
      return host.innerHTML;
    }, source);
  }
  await page.close();
}

// ---- the site ----
const escape = (text) =>
  String(text).replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char],
  );
const anchor = (state) => `s_${state.replaceAll('.', '_')}`;
const describe = (event) => {
  const { type, ...rest } = event;
  // The mock gives the answer (not the model's sample output); a failure is told by its kind.
  if (type.startsWith('xstate.done.actor.')) return 'the call answers';
  if (type.startsWith('xstate.error.actor.'))
    return `the call fails: ${[rest.error?.kind, rest.error?.status, rest.error?.reason].filter(Boolean).join(' ')}`;
  if (type.startsWith('xstate.after.')) return `after ${type.split('.')[2]}`;
  return Object.keys(rest).length > 0 ? `${type} ${JSON.stringify(rest)}` : type;
};
const style = `body{font-family:system-ui,sans-serif;margin:2rem;max-width:90rem;color:#1a1a1a}
a{color:#0b57d0}svg{max-width:100%;height:auto}.shots{display:flex;flex-wrap:wrap;gap:1rem}
figure{margin:0;border:1px solid #ccc;padding:.5rem;max-width:42rem}figure img{max-width:100%;height:auto;display:block}
.phone img{max-width:14rem}section{border-top:1px solid #ddd;padding-top:1rem;margin-top:1.5rem}
.reason{background:#fff4e5;padding:.5rem 1rem}code{background:#f3f3f3;padding:0 .2rem}`;
const pageOf = (title, body) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title><style>${style}</style></head><body>${body}</body></html>\n`;

for (const { machine, states } of gallery) {
  const sections = states
    .map((entry) => {
      const events =
        entry.events === null
          ? ''
          : `<div>Events from the start${entry.input ? ` (input <code>${escape(JSON.stringify(entry.input))}</code>)` : ''}: ${
              entry.events.length === 0
                ? 'none, the state is where the machine starts.'
                : `<ol>${entry.events.map((event) => `<li><code>${escape(describe(event))}</code></li>`).join('')}</ol>`
            }</div>`;
      const held =
        entry.heldFrom === null || entry.reason
          ? ''
          : `<p>The machine leaves this state by itself after ${entry.heldFrom} ms; the screenshots hold it there (the page's timers stop before the last action).</p>`;
      const shots = entry.reason
        ? `<p class="reason">No screenshot: ${escape(entry.reason)}</p>`
        : `<div class="shots">${entry.shots
            .map(
              (shot) =>
                `<figure class="${shot.viewport}"><a href="${shot.file}"><img src="${shot.file}" alt="${escape(`${entry.state}, ${shot.language === 'en' ? 'English' : 'German'}, ${shot.viewport}`)}" loading="lazy"></a><figcaption>${shot.language === 'en' ? 'English' : 'German'}, ${shot.viewport}</figcaption></figure>`,
            )
            .join('')}</div>`;
      return `<section id="${anchor(entry.state)}"><h2>${escape(entry.state)}</h2>${events}${held}${shots}</section>`;
    })
    .join('\n');
  const shown = states.filter((entry) => !entry.reason).length;
  writeFileSync(
    join(out, `${machine}.html`),
    pageOf(
      `${machine}: state gallery`,
      `<p><a href="index.html">All machines</a></p><h1>${escape(machine)}</h1><p>${shown} of ${states.length} states shown. Source: <code>docs/machines/${machine}.md</code>. Select a state in the diagram to see it.</p><figure class="diagram">${diagrams[machine]}</figure>${sections}`,
    ),
  );
}
// ---- the API reference: v1 as it is and the v1.1 proposal (issue 43), drawn by Redoc ----
const apiProblems = [];
for (const path of buildApiPages(join(out, 'api'))) {
  for (const problem of await apiPageProblems(browser, path)) apiProblems.push(`${relative(out, path)}: ${problem}`);
}

writeFileSync(
  join(out, 'index.html'),
  pageOf(
    'State gallery',
    `<h1>State gallery</h1><p>Every state of the portal's machines as the customer sees it, in English and German, on a desktop (1280 px) and a phone (390 px). Built by <code>npm run gallery</code> on ${escape(FIXED_TIME.toISOString().slice(0, 10))} (the gallery's fixed clock).</p><ul>${gallery
      .map(
        ({ machine, states }) =>
          `<li><a href="${machine}.html">${escape(machine)}</a>: ${states.filter((entry) => !entry.reason).length} of ${states.length} states shown</li>`,
      )
      .join(
        '',
      )}</ul><h2>API reference</h2><p>The calls the portal makes and the calls it asks for, from <code>contracts/</code>:</p><ul>${apiPages
      .map(
        ({ file, description, title }) =>
          `<li><a href="api/${file}">${escape(title)}</a> (<code>${description}</code>)</li>`,
      )
      .join('')}</ul>`,
  ),
);
writeFileSync(join(out, 'gallery.json'), `${JSON.stringify(gallery, null, 2)}\n`);

/**
 * Pixels that differ between two screenshots by more than 8 of 255 in a channel (all of them when
 * the sizes differ). Chromium may antialias an edge a shade differently from one run to the next
 * (measured: 9 pixels of the profile icon, off by at most 4); a change of style moves far more.
 */
const TOLERANCE = 8;
async function differingPixels(page, before, after) {
  return page.evaluate(
    async ([first, second, tolerance]) => {
      const load = (src) =>
        new Promise((done, fail) => {
          const picture = new Image();
          picture.onload = () => done(picture);
          picture.onerror = fail;
          picture.src = src;
        });
      const [a, b] = await Promise.all([load(first), load(second)]);
      if (a.width !== b.width || a.height !== b.height) return Math.max(a.width * a.height, b.width * b.height);
      const data = (picture) => {
        const canvas = document.createElement('canvas');
        canvas.width = picture.width;
        canvas.height = picture.height;
        const context = canvas.getContext('2d');
        context.drawImage(picture, 0, 0);
        return context.getImageData(0, 0, picture.width, picture.height).data;
      };
      const p = data(a);
      const q = data(b);
      let count = 0;
      for (let index = 0; index < p.length; index += 4) {
        for (let channel = 0; channel < 4; channel += 1) {
          if (Math.abs(p[index + channel] - q[index + channel]) > tolerance) {
            count += 1;
            break;
          }
        }
      }
      return count;
    },
    [before, after, TOLERANCE],
  );
}

// ---- comparing with an earlier gallery ----
const changed = [];
const sameness = { identical: 0, shade: 0 };
if (compareWith) {
  const earlier = resolve(process.cwd(), compareWith);
  const files = gallery.flatMap(({ states }) =>
    states.flatMap((entry) => entry.shots.map((shot) => ({ entry, shot }))),
  );
  const page = await browser.newPage({ viewport: { width: 1600, height: 900 }, deviceScaleFactor: 1 });
  mkdirSync(join(out, 'changes'), { recursive: true });
  for (const { entry, shot } of files) {
    const before = join(earlier, shot.file);
    const now = join(out, shot.file);
    const image = (file) =>
      existsSync(file) ? `data:image/png;base64,${readFileSync(file).toString('base64')}` : null;
    if (existsSync(before) && readFileSync(before).equals(readFileSync(now))) {
      sameness.identical += 1;
      continue;
    }
    const pixels = existsSync(before) ? await differingPixels(page, image(before), image(now)) : Infinity;
    if (pixels === 0) {
      sameness.shade += 1;
      continue;
    }
    const side = join(
      'changes',
      shot.file
        .replace(/^shots\//, '')
        .replace(/\.png$/, '')
        .replaceAll('/', '__'),
    );
    copyFileSync(now, join(out, `${side}.after.png`));
    if (existsSync(before)) copyFileSync(before, join(out, `${side}.before.png`));
    await page.setContent(
      `<!doctype html><html><body style="margin:0;font-family:sans-serif;display:flex;gap:8px;align-items:flex-start;background:#fff">${[
        ['before', image(before)],
        ['after', image(now)],
      ]
        .map(
          ([label, src]) =>
            `<figure style="margin:0;flex:1"><figcaption style="font-size:20px;padding:4px">${label}</figcaption>${src ? `<img src="${src}" style="width:100%">` : '<p>(no screenshot)</p>'}</figure>`,
        )
        .join('')}</body></html>`,
    );
    await page.screenshot({ path: join(out, `${side}.png`), fullPage: true });
    changed.push({ state: entry.state, shot: shot.file, sideBySide: `${side}.png`, pixels });
  }
  await page.close();
  writeFileSync(
    join(out, 'changes.html'),
    pageOf(
      'Changed states',
      `<p><a href="index.html">All machines</a></p><h1>${changed.length} screenshots changed against ${escape(relative(repo, earlier) || earlier)}</h1>${changed
        .map(
          (change) =>
            `<section><h2>${escape(change.state)}</h2><p><code>${escape(change.shot)}</code></p><img src="${change.sideBySide}" alt="${escape(`${change.state} before and after`)}" style="max-width:100%"></section>`,
        )
        .join('')}`,
    ),
  );
}

await browser.close();
await server.close();

const all = gallery.flatMap(({ states }) => states);
const images = all.reduce((sum, entry) => sum + entry.shots.length, 0);
console.log(
  `\nState gallery: ${gallery.length} machines, ${all.filter((entry) => !entry.reason).length} of ${all.length} states shown, ${images} screenshots, in ${Math.round((Date.now() - started) / 1000)} s.`,
);
for (const entry of all.filter((state) => state.reason)) console.log(`  ${entry.state}: ${entry.reason}`);
console.log(`Open ${relative(process.cwd(), join(out, 'index.html'))} in a browser.`);
if (apiProblems.length > 0) {
  console.error(`\nThe API pages: ${apiProblems.join('; ')}.`);
  process.exitCode = 1;
}
if (failedReplays.length > 0) {
  console.error(`\n${failedReplays.length} replays failed: ${failedReplays.join(', ')}.`);
  process.exitCode = 1;
}
if (compareWith) {
  console.log(
    `\nAgainst ${compareWith}: ${sameness.identical} screenshots identical, ${sameness.shade} within an antialiasing shade, ${changed.length} changed${changed.length ? ':' : '.'}`,
  );
  for (const change of changed)
    console.log(
      `  ${change.state}: ${change.shot}, ${change.pixels === Infinity ? 'new' : `${change.pixels} pixels`} → ${join(relative(process.cwd(), out), change.sideBySide)}`,
    );
  if (changed.length > 0) process.exitCode = 1;
}
