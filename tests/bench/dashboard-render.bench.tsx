/**
 * How long the dashboard takes to render 10, 100 and 1000 datastores (decision 015). Not part of
 * `npm test` (its name does not end in .test.tsx); run it with `npm run bench -- dashboard`.
 *
 * Each run renders the whole app at /dashboard in jsdom, with GET /status answered by the mock
 * server with N datastores in the four seeded variants (dynamic, fixed at 85 %, cancelled,
 * unencrypted), and measures
 *   - total: from render() until the first cards are in the document (status call included);
 *   - render: from the moment the status answer left the mock until the first cards are in the document.
 * The median of several runs is kept; the figures go to the file named by DASHBOARD_BENCH_OUT.
 */
import { cleanup, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { apiUrl } from '../../src/api/client';
import type { Datastore } from '../../src/domain/entities';
import { server } from '../../src/mocks/node';
import { loginAs, renderApp } from '../support/render-app';

const SIZES = [10, 100, 1000] as const;
const RUNS: Record<(typeof SIZES)[number], number> = { 10: 7, 100: 5, 1000: 3 };

function datastores(count: number): Datastore[] {
  return Array.from({ length: count }, (_, index) => {
    const name = `k10001_ds${index}`;
    const variant = index % 4;
    return {
      datastore: name,
      custom_name: `ds${index}`,
      hostname: `pbs${(index % 3) + 1}.backup.example.com`,
      port: 8007,
      username: name,
      password: '',
      repository: `${name}@pbs@pbs1.backup.example.com:8007:${name}`,
      unencrypted_files: variant === 3,
      contract_end_date: variant === 2 ? '2099-12-31' : null,
      volume: variant === 0 ? 0 : 5,
      space_used_text: variant === 1 ? '4.25 TB' : '734 GB',
      space_total_text: variant === 0 ? 'unlimited' : '5 TB',
    };
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const round = (value: number) => Math.round(value * 10) / 10;

async function renderOnce(count: number) {
  const status = datastores(count);
  let answeredAt = 0;
  server.use(
    http.get(apiUrl('/status'), () => {
      answeredAt = performance.now();
      return HttpResponse.json(status);
    }),
  );
  const started = performance.now();
  const view = renderApp('/dashboard', { loggedIn: true });
  // The first cards: a long list renders those near the window first (decision 024).
  await waitFor(() => expect(view.container.querySelector('article.datastore-card')).not.toBeNull(), {
    timeout: 120_000,
    interval: 2,
  });
  const done = performance.now();
  cleanup();
  return { total: done - started, render: done - answeredAt };
}

const results: Record<string, { total: number; render: number; runs: number }> = {};

it('renders the dashboard with 10, 100 and 1000 datastores', async () => {
  await loginAs('demo@example.com');
  await renderOnce(10); // warm-up: module loading and the first compilation are not the dashboard's cost
  for (const size of SIZES) {
    const runs = [];
    for (let run = 0; run < RUNS[size]; run += 1) runs.push(await renderOnce(size));
    results[size] = {
      total: round(median(runs.map((run) => run.total))),
      render: round(median(runs.map((run) => run.render))),
      runs: runs.length,
    };
  }
}, 600_000);

afterAll(() => {
  const out = process.env.DASHBOARD_BENCH_OUT;
  if (!out) return;
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify({ environment: 'jsdom', unit: 'ms', datastores: results })}\n`);
});
