/**
 * The account's alert rules (issue 45, feature `alerts`; docs/api-v1.1.md "Alerts"), checked the
 * same way by the portal's form and the mock: a space threshold from 50 to 99 percent and the hours
 * without a backup from 12 to 168 (a week), each null when switched off; whether failed
 * verifications and garbage collections raise an alert; at most five mail recipients (none: the
 * account's own address).
 */
import { array, boolean, nullable, number, object, refine, string } from 'superstruct';
import { isEmail } from './fields';

export const alertLimits = {
  spacePercent: { min: 50, max: 99 },
  backupHours: { min: 12, max: 168 },
  recipients: 5,
} as const;

export interface AlertRules {
  space_percent: number | null;
  backup_hours: number | null;
  verification: boolean;
  collection: boolean;
  recipients: string[];
}

/** A whole number from `min` to `max`. */
export function isWholeIn(value: number, { min, max }: { min: number; max: number }): boolean {
  return Number.isInteger(value) && value >= min && value <= max;
}

export const AlertRulesStruct = object({
  space_percent: nullable(refine(number(), 'percent', (value) => isWholeIn(value, alertLimits.spacePercent))),
  backup_hours: nullable(refine(number(), 'hours', (value) => isWholeIn(value, alertLimits.backupHours))),
  verification: boolean(),
  collection: boolean(),
  recipients: refine(
    array(refine(string(), 'email', isEmail)),
    'recipients',
    (value) => value.length <= alertLimits.recipients,
  ),
});
