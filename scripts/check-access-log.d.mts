/** Types of scripts/check-access-log.mjs, for its tests. */
export declare const forbidden: string[];
export declare function requestUrl(line: string): string | null;
export declare function refererOf(line: string): string | null;
export declare function leaks(url: string): string[];
export declare function secrets(url: string): string[];
export declare function problems(lines: string[]): string[];
