#!/usr/bin/env node
/**
 * After `npm run contract -- test` has written the consumer contract anew: fails when it differs
 * from the committed one (or is not committed), so that the contract in the repository is always
 * the one the portal's code makes.
 */
import { spawnSync } from 'node:child_process';

const git = spawnSync('git', ['status', '--porcelain', '--', 'contracts/'], { encoding: 'utf8' });
if (git.status !== 0) {
  console.error(`contract: git status failed: ${git.stderr.trim()}`);
  process.exit(1);
}
const changed = git.stdout.trim();
if (changed) {
  console.error(
    `contract: contracts/ is stale (${changed
      .split('\n')
      .map((line) => line.trim())
      .join(', ')}): run npm run contract -- test and commit the file`,
  );
  process.exit(1);
}
console.log(
  'contract: contracts/backup-portal-v1-api.json and backup-portal-v1.1-api.json are what the consumer tests write',
);
