/** Types of scripts/contract/api-pages.mjs, for its test and the state gallery. */
import type { Browser } from '@playwright/test';

export declare const apiPages: readonly { file: string; description: string; title: string }[];
export declare function buildApiPages(out: string): string[];
export declare function apiPageProblems(browser: Browser, path: string): Promise<string[]>;
