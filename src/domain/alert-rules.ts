/**
 * The account's alert rules (issue 45, feature `alerts`; docs/api-v1.1.md "Alerts"), checked the
 * same way by the portal's form and the mock: a space threshold from 50 to 99 percent and the hours
 * without a backup from 12 to 168 (a week), each null when switched off; whether failed
 * verifications and garbage collections raise an alert; at most five mail recipients (none: the
 * account's own address).
 */
import { array, boolean, nullable, number, object, refine, string } from 'superstruct';
import { isEmail } from './fields';

const alertLimits = {
  spacePercent: { min: 50, max: 99 },
  backupHours: { min: 12, max: 168 },
  recipients: 5,
} as const;

export interface AlertRules extends Record<string, unknown> {
  space_percent: number | null;
  backup_hours: number | null;
  verification: boolean;
  collection: boolean;
  recipients: string[];
}

/** A whole number from `min` to `max`. */
function isWholeIn(value: number, { min, max }: { min: number; max: number }): boolean {
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

/** The rules as the form holds them: each figure as typed, the recipients as one comma-separated line. */
export interface AlertRulesValues extends Record<string, unknown> {
  spaceOn: boolean;
  spacePercent: string;
  backupOn: boolean;
  backupHours: string;
  verification: boolean;
  collection: boolean;
  recipients: string;
}

export function valuesFromRules(rules: AlertRules): AlertRulesValues {
  return {
    spaceOn: rules.space_percent !== null,
    spacePercent: String(rules.space_percent ?? 80),
    backupOn: rules.backup_hours !== null,
    backupHours: String(rules.backup_hours ?? 24),
    verification: rules.verification,
    collection: rules.collection,
    recipients: rules.recipients.join(', '),
  };
}

/** The addresses of the recipients' line: split at commas, semicolons and white space. */
function addressesOf(line: string): string[] {
  return line.split(/[\s,;]+/).filter((address) => address !== '');
}

/** A figure as typed: a whole number written with digits only, else NaN. */
function figureOf(text: string): number {
  return /^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN;
}

export function rulesFromValues(values: AlertRulesValues): AlertRules {
  return {
    space_percent: values.spaceOn ? figureOf(values.spacePercent) : null,
    backup_hours: values.backupOn ? figureOf(values.backupHours) : null,
    verification: values.verification,
    collection: values.collection,
    recipients: addressesOf(values.recipients),
  };
}

/**
 * The form's field rules: a figure of a rule switched on within its range (`invalid`), each
 * recipient an address (`email`), at most five (`tooLong`). A rule switched off is not checked.
 */
export function validateAlertRules(
  values: AlertRulesValues,
): Partial<Record<keyof AlertRulesValues, 'invalid' | 'email' | 'tooLong'>> {
  const rules = rulesFromValues(values);
  const errors: Partial<Record<keyof AlertRulesValues, 'invalid' | 'email' | 'tooLong'>> = {};
  if (rules.space_percent !== null && !isWholeIn(rules.space_percent, alertLimits.spacePercent)) {
    errors.spacePercent = 'invalid';
  }
  if (rules.backup_hours !== null && !isWholeIn(rules.backup_hours, alertLimits.backupHours)) {
    errors.backupHours = 'invalid';
  }
  if (!rules.recipients.every(isEmail)) errors.recipients = 'email';
  else if (rules.recipients.length > alertLimits.recipients) errors.recipients = 'tooLong';
  return errors;
}
