import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';

const dir = join(process.cwd(), 'docs/machines');
const pages = readdirSync(dir).filter((name) => name.endsWith('.md') && name !== 'README.md');
const mermaidScript = join(process.cwd(), 'node_modules/mermaid/dist/mermaid.min.js');

function diagramOf(name: string): { text: string; states: number } {
  const markdown = readFileSync(join(dir, name), 'utf8');
  const text = markdown.split('```mermaid\n')[1]?.split('\n```')[0];
  const states = Number(/States: (\d+)/.exec(markdown)?.[1]);
  if (!text || !Number.isInteger(states)) throw new Error(`${name} has no diagram or no state count`);
  return { text, states };
}

/**
 * One page per worker with Mermaid loaded (3 MB of script: most of a diagram's time when each test
 * loaded it); each test renders its diagram into the page afresh.
 */
const test = base.extend<object, { mermaidPage: Page }>({
  mermaidPage: [
    async ({ browser }, use) => {
      const page = await browser.newPage();
      await page.setContent(
        '<!doctype html><html lang="en"><title>diagram</title><body><main id="out"></main></body></html>',
      );
      await page.addScriptTag({ path: mermaidScript });
      await page.evaluate(() => {
        (window as unknown as { mermaid: { initialize(o: object): void } }).mermaid.initialize({ startOnLoad: false });
      });
      await use(page);
      await page.close();
    },
    { scope: 'worker' },
  ],
});

test.describe('the generated state diagrams', () => {
  test('exist for at least the session machine', () => {
    expect(pages).toContain('session.md');
  });

  for (const name of pages) {
    test(`${name} parses and renders in Chromium with every state of its machine`, async ({ mermaidPage: page }) => {
      const { text, states } = diagramOf(name);
      const rendered = await page.evaluate(async (source) => {
        const mermaid = (
          window as unknown as {
            mermaid: {
              parse(t: string): Promise<unknown>;
              render(id: string, t: string): Promise<{ svg: string }>;
            };
          }
        ).mermaid;
        await mermaid.parse(source);
        const { svg } = await mermaid.render('diagram', source);
        const out = document.getElementById('out');
        if (!out) throw new Error('no output element');
        // The diagram before this one is replaced.
        out.innerHTML = svg;
        // Composite states are groups with the state's id, simple ones "state-<id>-<n>"; start markers are not states.
        const names = [...out.querySelectorAll('svg g[id]')]
          .map((element) => /^(?:state-)?(s_[A-Za-z0-9_]+?)(?:-\d+)?$/.exec(element.id)?.[1])
          .filter((id): id is string => Boolean(id) && !/_(start|end)$/.test(id ?? ''));
        return { hasSvg: out.querySelector('svg') !== null, states: new Set(names).size };
      }, text);
      expect(rendered.hasSvg).toBe(true);
      // Every state node of the machine, plus the machine itself as the outer box.
      expect(rendered.states).toBe(states + 1);
      if (name === 'session.md')
        await page.screenshot({ path: test.info().outputPath('session-diagram.png'), fullPage: true });
    });
  }
});
