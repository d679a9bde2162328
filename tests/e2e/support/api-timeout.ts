/**
 * The client's timeout in the bundle the demo journeys run (VITE_API_TIMEOUT_MS, handed to its
 * build by playwright.config.ts): the fault matrix waits out a `timeout` fault on every read, and a
 * short limit keeps that fast. `slow` faults (3 s) must still succeed under it.
 */
export const journeyApiTimeoutMs = Number(process.env.VITE_API_TIMEOUT_MS ?? 5_000);
