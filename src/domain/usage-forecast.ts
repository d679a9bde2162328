/**
 * When a datastore will be full (issue 45), computed as Proxmox Backup Server computes the
 * `estimated-full-date` of `GET /status/datastore-usage` (proxmox-backup, src/api2/status.rs and
 * src/tools/statistics.rs), so that the portal says what the provider's own server would say:
 *
 * - the usage history is the month's round-robin series, `used` and `total` per step from `start`;
 *   a step counts when both are known and `total` is not 0, its usage being `used / total`;
 * - with fewer than seven such steps there is no estimate (the server leaves the field out);
 * - otherwise a least-squares line `usage = a + b · time` through them (non-corrected covariance
 *   over variance, in this order of operations); the estimate is `floor((1 - a) / b)` in epoch
 *   seconds, and 0 when the line is flat (`b` is 0) or cannot be drawn.
 *
 * 0, or a moment already past (the usage falls), means the datastore is not filling: "not in sight".
 */
import type { UsageHistory } from './entities';

/** A usage series as Proxmox Backup Server keeps it: a value per step from `start`, null when unknown. */
export interface UsageSeries {
  /** Epoch seconds of the first step. */
  readonly start: number;
  /** Seconds between two steps. */
  readonly step: number;
  readonly used: readonly (number | null)[];
  readonly total: readonly (number | null)[];
}

/** What the portal says of a datastore's full date. */
export type FullDate =
  | { readonly kind: 'too-little-history' }
  | { readonly kind: 'not-in-sight' }
  | { readonly kind: 'on'; readonly epochSeconds: number };

/** The fewest known steps Proxmox Backup Server draws its line through. */
const fewestPointsForAnEstimate = 7;

/** A known step of the series: its time in epoch seconds and its usage, 0 to 1. */
interface UsagePoint {
  readonly time: number;
  readonly usage: number;
}

/**
 * The factors `[a, b]` of the least-squares line `usage = a + b · time` through the points, with
 * the operations of statistics.rs in their order (the same doubles, so the same second).
 */
function linearRegression(points: readonly UsagePoint[]): [number, number] {
  let sumTime = 0;
  let sumUsage = 0;
  for (const point of points) {
    sumTime += point.time;
    sumUsage += point.usage;
  }
  const meanTime = sumTime / points.length;
  const meanUsage = sumUsage / points.length;
  let covariance = 0;
  let variance = 0;
  for (const point of points) {
    const fromMean = point.time - meanTime;
    covariance += fromMean * (point.usage - meanUsage);
    variance += fromMean * fromMean;
  }
  const beta = covariance / variance;
  return [meanUsage - beta * meanTime, beta];
}

/**
 * Proxmox Backup Server's `estimated-full-date` for a series: epoch seconds (Rust's `as i64`: NaN
 * becomes 0), 0 for a flat line, undefined with fewer than seven known steps.
 */
export function estimatedFullDate(series: UsageSeries): number | undefined {
  const points: UsagePoint[] = [];
  series.used.forEach((used, index) => {
    const total = series.total[index];
    if (used === null || total === null || total === undefined || total === 0) return;
    points.push({ time: series.start + index * series.step, usage: used / total });
  });
  if (points.length < fewestPointsForAnEstimate) return undefined;
  const [a, b] = linearRegression(points);
  if (b === 0) return 0;
  const estimate = Math.floor((1 - a) / b);
  return Number.isNaN(estimate) ? 0 : estimate;
}

/** What to say of a series' full date at `nowSeconds`. */
export function fullDate(series: UsageSeries, nowSeconds: number): FullDate {
  const estimate = estimatedFullDate(series);
  if (estimate === undefined) return { kind: 'too-little-history' };
  if (estimate <= nowSeconds) return { kind: 'not-in-sight' };
  return { kind: 'on', epochSeconds: estimate };
}

/**
 * The full date of a usage history's answer: the server's `estimated_full_date` where it sent a
 * number (0 or a moment past: not in sight), else computed here from the series, as the server
 * would (a v1.1 server may leave the field out).
 */
export function fullDateOf(history: UsageHistory, nowSeconds: number): FullDate {
  const told = history.estimated_full_date;
  if (typeof told === 'number')
    return told > nowSeconds ? { kind: 'on', epochSeconds: told } : { kind: 'not-in-sight' };
  return fullDate(seriesOf(history), nowSeconds);
}

/** A usage history's answer as the series the domain computes with. */
export function seriesOf(history: UsageHistory): UsageSeries {
  return { start: history.start, step: history.step, used: history.used_bytes, total: history.total_bytes };
}
