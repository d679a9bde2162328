/** Types of scripts/build/first-paint.mjs, for its tests and the production journeys. */
export declare const startScript: string;
export declare function hashOf(text: string): string;
export declare function inlineFirstPaint(
  html: string,
  readAsset: (address: string) => string,
  preload?: readonly string[],
): { page: string; styles: string[]; scripts: string[] };
export declare function inlineHashesConf(inline: { styles: string[]; scripts: string[] }): string;
export declare function withInlineHashes(header: string, hashesConf: string): string;
