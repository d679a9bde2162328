#!/usr/bin/env node
/**
 * Merges German messages into translations/de.json, keeping the keys sorted:
 *   node scripts/i18n-add-de.mjs new-messages.json     (or the JSON on standard input)
 * Several people can add messages at once: the file is read, merged and replaced in one go.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';

const target = new URL('../translations/de.json', import.meta.url).pathname;
const source = process.argv[2];
const additions = JSON.parse(readFileSync(source && source !== '-' ? source : 0, 'utf8'));
const current = JSON.parse(readFileSync(target, 'utf8'));
const merged = { ...current, ...additions };
const sorted = Object.fromEntries(
  Object.keys(merged)
    .sort()
    .map((key) => [key, merged[key]]),
);
const temporary = `${target}.${process.pid}.tmp`;
writeFileSync(temporary, `${JSON.stringify(sorted, null, 2)}\n`);
renameSync(temporary, target);
console.log(`de.json: ${Object.keys(additions).length} message(s) merged, ${Object.keys(sorted).length} in all.`);
