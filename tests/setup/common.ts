/**
 * Setup of every unit test file, in Node and in a test DOM: tests fail on any console.error
 * (CONVENTIONS: Epic Stack), and property tests run a moderate number of cases on a developer's
 * machine and the full count in CI.
 */
import fc from 'fast-check';
import { format } from 'node:util';
import { afterEach, beforeEach, vi } from 'vitest';
import { propertyRuns } from '../support/property-runs';

fc.configureGlobal({ numRuns: propertyRuns });

let consoleErrors: string[] = [];
beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(format(...args));
  });
});

afterEach(() => {
  if (consoleErrors.length > 0) {
    throw new Error(`console.error was called during the test:\n${consoleErrors.join('\n')}`);
  }
});
