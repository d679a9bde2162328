/** Types of scripts/check-headers.mjs, for its tests. */
import type { Score } from './headers/observatory.mjs';

export declare function report(score: Score, url: string): string;
