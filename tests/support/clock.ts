import { vi } from 'vitest';

/**
 * The call's outcome, with the fake clock moved on in steps of 100 ms while it waits (an
 * operation's polls, the pauses before a retry, a try's time running out): the tests take
 * milliseconds, not seconds, which matters most where Stryker runs them once per mutant. Needs
 * `vi.useFakeTimers({ shouldAdvanceTime: true })`.
 */
export async function settled<T>(call: Promise<T>): Promise<T> {
  let done = false;
  call.then(
    () => (done = true),
    () => (done = true),
  );
  while (!done) await vi.advanceTimersByTimeAsync(100);
  return call;
}
