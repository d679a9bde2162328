#!/usr/bin/env node
/**
 * The demo bundle's dist-demo/.nginx/inline-hashes.conf, so that deploy/nginx/portal.conf serves it as
 * it serves dist/ (decision 045). The demo is not prerendered: it has no inline style or script, and
 * its policy allows none. Run by `npm run build:demo`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inlineHashesConf } from './first-paint.mjs';

const demo = new URL('../../dist-demo', import.meta.url).pathname;
mkdirSync(join(demo, '.nginx'), { recursive: true });
writeFileSync(join(demo, '.nginx/inline-hashes.conf'), inlineHashesConf({ styles: [], scripts: [] }));
