#!/usr/bin/env node
// @ts-check
/**
 * `npm run test:e2e [-- PLAYWRIGHT OPTIONS]`: installs Debian's Chromium, nginx and openssl when they
 * are missing, runs the Playwright journeys (playwright.config.ts), and after a run that passed
 * checks nginx's access log of it (no secret in any URL or Referer).
 */
import { run } from './lib/commands.mjs';

run('bash', ['scripts/system-packages.sh']);
run('playwright', ['test', ...process.argv.slice(2)]);
run('node', ['scripts/check-access-log.mjs']);
