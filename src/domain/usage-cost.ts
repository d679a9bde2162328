/**
 * What the dynamic rate has cost so far in a billing period, and what it will cost by its end
 * (issue 45): SPEC §9's price per GB and month, applied to the space used step by step.
 *
 * - Each step of the usage series counts for the part of its time that lies in the period and
 *   before now; a step without a known value counts with the last known one before it (the first
 *   known one for steps before any), as the space did not vanish while it was not measured.
 * - The projection adds the rest of the period at the last known usage: what the period costs if
 *   nothing changes from now on.
 * - GB are 10^9 bytes (SPEC §9, as the rate is sold); a month is the period itself, whatever its
 *   number of days.
 */
import type { UsageSeries } from './usage-forecast';

/** A billing period: epoch seconds, its end excluded. */
export interface BillingPeriod {
  readonly start: number;
  readonly end: number;
}

export interface PeriodCost {
  /** Euros so far, from the period's start to now. */
  readonly soFarEur: number;
  /** Euros by the period's end if the usage stays as last measured. */
  readonly projectedEur: number;
}

const bytesPerGb = 1_000_000_000;

/** The used bytes of each step, gaps filled from the nearest known step before (or the first one). */
function filledUsage(used: readonly (number | null)[]): number[] | null {
  const first = used.find((value): value is number => value !== null);
  if (first === undefined) return null;
  let last = first;
  return used.map((value) => {
    if (value !== null) last = value;
    return last;
  });
}

/** The dynamic rate's cost of `series` in `period` at `nowSeconds`; null when no step is known. */
export function periodCost(
  series: Pick<UsageSeries, 'start' | 'step' | 'used'>,
  period: BillingPeriod,
  nowSeconds: number,
  pricePerGbMonthEur: number,
): PeriodCost | null {
  const used = filledUsage(series.used);
  if (used === null) return null;
  const periodSeconds = period.end - period.start;
  const until = Math.min(Math.max(nowSeconds, period.start), period.end);
  let gbSeconds = 0;
  used.forEach((bytes, index) => {
    const from = Math.max(series.start + index * series.step, period.start);
    const to = Math.min(series.start + (index + 1) * series.step, until);
    if (to > from) gbSeconds += (bytes / bytesPerGb) * (to - from);
  });
  const soFarEur = (gbSeconds / periodSeconds) * pricePerGbMonthEur;
  const latestGb = (used.at(-1) ?? 0) / bytesPerGb;
  const restEur = ((period.end - until) / periodSeconds) * latestGb * pricePerGbMonthEur;
  return { soFarEur, projectedEur: soFarEur + restEur };
}

/**
 * The calendar month (UTC) that holds `nowSeconds`: the billing period the portal assumes, as the
 * spec names no billing day (decision 061).
 */
export function monthAround(nowSeconds: number): BillingPeriod {
  const now = new Date(nowSeconds * 1000);
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  return { start: Date.UTC(year, month, 1) / 1000, end: Date.UTC(year, month + 1, 1) / 1000 };
}
