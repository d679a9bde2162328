/** Types of scripts/example-settings.mjs, for the tests. */
export declare const exampleFile: string;
export declare function exampleSettings(): Record<string, string>;
export declare function exampleEnvironment(): Record<string, string>;
export declare const bundleCanary: { name: string; value: string };
