/**
 * Space texts of the status list (SPEC §3 `space_used_text`, `space_total_text`) read as
 * numbers, so that the dashboard can draw a fill level (SPEC §2 "space bar"). Decimal units,
 * 1 TB = 1000 GB (SPEC §9). A dynamic datastore's total is `unlimited` (docs/decisions/002):
 * it has no fill level.
 */
import { business } from './constants';

const UNIT_BYTES: Readonly<Record<string, number>> = {
  B: 1,
  KB: 1e3,
  MB: 1e6,
  GB: 1e9,
  TB: 1e12,
  PB: 1e15,
};

const SPACE_PATTERN = /^(\d+(?:[.,]\d+)?)\s*([KMGTP]?B)$/i;

/**
 * The parts of a space text like `4.25 TB`: its amount, the number of decimals it was written
 * with, and its unit as written; null for anything else (`unlimited`).
 */
export function splitSpace(text: string): { amount: number; decimals: number; unit: string } | null {
  const match = SPACE_PATTERN.exec(text.trim());
  if (!match) return null;
  // Stryker disable next-line StringLiteral: both groups of SPACE_PATTERN always match
  const [, amount = '', unit = ''] = match;
  const decimals = /[.,](\d+)$/.exec(amount)?.[1]?.length ?? 0;
  return { amount: Number(amount.replace(',', '.')), decimals, unit };
}

/** Bytes of a space text like `4.25 TB`, `850 GB`, `4,25 TB`; null for anything else (`unlimited`). */
export function parseSpace(text: string): number | null {
  const match = SPACE_PATTERN.exec(text.trim());
  if (!match) return null;
  // Stryker disable next-line StringLiteral: both groups of SPACE_PATTERN always match
  const [, amount = '', unit = ''] = match;
  const factor = UNIT_BYTES[unit.toUpperCase()];
  // Stryker disable next-line ConditionalExpression: SPACE_PATTERN admits only the units UNIT_BYTES has
  if (factor === undefined) return null;
  return Number(amount.replace(',', '.')) * factor;
}

export interface SpaceUse {
  /** Used share of the booked volume in percent (may pass 100 when over quota); null without a size. */
  percent: number | null;
  /** SPEC §2, §9: the bar turns warning colour above 80 percent use. */
  warning: boolean;
}

/**
 * The used share of a datastore: the total text first, the booked volume (TB) as a fallback.
 * A dynamic datastore (volume 0) has no size and thus no percentage; neither has one whose
 * used space, or whose total and volume, the answer did not give.
 */
export function spaceUse(datastore: {
  volume?: number | null;
  space_used_text?: string | null;
  space_total_text?: string | null;
}): SpaceUse {
  const none = { percent: null, warning: false };
  if (datastore.volume === 0 || datastore.space_used_text == null) return none;
  const used = parseSpace(datastore.space_used_text);
  const totalText = datastore.space_total_text == null ? null : parseSpace(datastore.space_total_text);
  // Stryker disable next-line ConditionalExpression: without a volume the total would be 0, which the next line refuses too
  const total = totalText ?? (datastore.volume == null ? null : datastore.volume * business.gbPerTb * 1e9);
  // Stryker disable next-line ConditionalExpression: a null total also fails total > 0
  if (used === null || total === null || !(total > 0)) return none;
  const percent = (used / total) * 100;
  return { percent, warning: isSpaceWarning(percent) };
}

export function isSpaceWarning(percent: number): boolean {
  return percent > business.spaceWarningPercent;
}
