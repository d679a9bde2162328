/** Types of scripts/chromium.mjs, for the Playwright configuration and the journeys. */
export declare const chromiumPath: string;
export declare const headlessShellPath: string;
export declare const chromiumArgs: readonly string[];
