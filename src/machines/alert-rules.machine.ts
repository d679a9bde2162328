/**
 * The account's alert rules (issue 45, feature `alerts`), set on the alerts page: read once
 * (`alertRulesLoader`), then changed in a form (`alertRulesForm`) that sends `PUT /alert-rules`
 * and keeps what was typed when the call fails.
 */
import type { AlertRules, AlertRulesValues } from '../domain/alert-rules';
import { rulesFromValues, validateAlertRules } from '../domain/alert-rules';
import { createFormMachine } from './form.machine';
import { createLoader } from './loader.machine';

export const alertRulesLoader = createLoader<AlertRules>({
  id: 'alertRules',
  description: 'Issue 45: GET /alert-rules, for the form.',
  load: async (signal) => (await import('../api/v1-1/alerts')).getAlertRules({ signal }),
});

export const alertRulesForm = createFormMachine<AlertRulesValues, undefined, AlertRules>({
  id: 'alertRulesForm',
  description:
    'Issue 45: the thresholds, the hours without a backup, the jobs and who gets the mail; PUT /alert-rules.',
  initialValues: {
    spaceOn: true,
    spacePercent: '80',
    backupOn: true,
    backupHours: '24',
    verification: true,
    collection: true,
    recipients: '',
  },
  validate: validateAlertRules,
  payload: ({ values }) => rulesFromValues(values),
  submit: async (payload, signal) => {
    await (await import('../api/v1-1/alerts')).putAlertRules(payload, { signal });
  },
});
