/** Types of scripts/headers/observatory.mjs, for the header check and its tests. */
export type Headers = Record<string, string | string[] | undefined>;

export interface Scan {
  https: { url: string; headers: Headers; html?: string } | null;
  http: { status: number; location?: string | null } | null;
  cors?: { origin: string; headers: Headers } | null;
  cookies?: string[];
}

export interface TestResult {
  test: string;
  result: string;
  modifier: number;
}

export interface Score {
  results: TestResult[];
  penalties: number;
  bonuses: number;
  bonusesCounted: boolean;
  score: number;
  grade: string;
}

export declare function gradeOf(score: number): string;
export declare function scoreHeaders(scan: Scan): Score;
