import { describe, expect, it } from 'vitest';
import {
  AlertRulesStruct,
  rulesFromValues,
  validateAlertRules,
  valuesFromRules,
  type AlertRulesValues,
} from '../../src/domain/alert-rules';
import { keptAlerts, mergeAlerts, newestRaisedAt, unseenCount, type Alert } from '../../src/domain/alerts';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 12, minute)).toISOString();
const anAlert = (id: string, minute: number): Alert => ({
  id,
  kind: 'space',
  datastore: 'k1_web',
  raised_at: at(minute),
});
const ids = (alerts: readonly Alert[]) => alerts.map((alert) => alert.id);

describe('the alerts the portal holds', () => {
  it('take each alert once, newest first, whatever order they came in', () => {
    const held = [anAlert('b', 2), anAlert('a', 1)];
    expect(ids(mergeAlerts(held, [anAlert('a', 1), anAlert('d', 4), anAlert('c', 3), anAlert('d', 4)]))).toEqual([
      'd',
      'c',
      'b',
      'a',
    ]);
  });

  it('keep the order they came in for alerts raised at the same moment, and put an unreadable time last', () => {
    const same = [anAlert('x', 5), anAlert('y', 5)];
    expect(ids(mergeAlerts([anAlert('a', 1)], same))).toEqual(['x', 'y', 'a']);
    expect(ids(mergeAlerts([anAlert('y', 5)], [anAlert('x', 5)]))).toEqual(['x', 'y']);
    expect(ids(mergeAlerts([], [{ ...anAlert('odd', 0), raised_at: 'soon' }, anAlert('a', 1)]))).toEqual(['a', 'odd']);
  });

  it('keep the newest 100', () => {
    const many = Array.from({ length: keptAlerts + 5 }, (_, index) => anAlert(`n${index}`, index));
    const kept = mergeAlerts([], many);
    expect(kept).toHaveLength(keptAlerts);
    expect(kept[0]?.id).toBe(`n${keptAlerts + 4}`);
  });

  it('hold the same list when nothing is new', () => {
    const held = [anAlert('a', 1)];
    expect(mergeAlerts(held, [anAlert('a', 1)])).toEqual(held);
  });

  it('count as new those raised after the newest one seen, all of them when none was seen', () => {
    const alerts = [anAlert('c', 3), anAlert('b', 2), anAlert('a', 1)];
    expect(unseenCount(alerts, null)).toBe(3);
    expect(unseenCount(alerts, Date.parse(at(1)))).toBe(2);
    expect(unseenCount(alerts, Date.parse(at(3)))).toBe(0);
    const odd = [{ ...anAlert('odd', 0), raised_at: 'soon' }];
    expect([unseenCount(odd, null), unseenCount(odd, Date.parse(at(1)))]).toEqual([1, 0]);
  });

  it('tell when the newest was raised, and nothing for none', () => {
    expect(newestRaisedAt([anAlert('a', 1), anAlert('c', 3)])).toBe(Date.parse(at(3)));
    expect(newestRaisedAt([{ ...anAlert('odd', 0), raised_at: 'soon' }])).toBeNull();
    expect(newestRaisedAt([])).toBeNull();
  });
});

describe('the alert rules', () => {
  const rules = { space_percent: 80, backup_hours: 24, verification: true, collection: true, recipients: [] };
  const valid = (change: object) => AlertRulesStruct.is({ ...rules, ...change });

  it('take thresholds from 50 to 99 % and from 12 hours to a week, or none', () => {
    expect([50, 99, null].map((space_percent) => valid({ space_percent }))).toEqual([true, true, true]);
    expect([49, 100, 80.5].map((space_percent) => valid({ space_percent }))).toEqual([false, false, false]);
    expect([12, 168, null].map((backup_hours) => valid({ backup_hours }))).toEqual([true, true, true]);
    expect([11, 169, 24.5].map((backup_hours) => valid({ backup_hours }))).toEqual([false, false, false]);
  });

  it('take up to five addresses to mail', () => {
    const five = ['a', 'b', 'c', 'd', 'e'].map((name) => `${name}@example.com`);
    expect(valid({ recipients: five })).toBe(true);
    expect(valid({ recipients: [...five, 'f@example.com'] })).toBe(false);
    expect(valid({ recipients: ['ops'] })).toBe(false);
  });
});

describe('the alert rules as the form holds them', () => {
  const form: AlertRulesValues = {
    spaceOn: true,
    spacePercent: '80',
    backupOn: true,
    backupHours: '24',
    verification: true,
    collection: true,
    recipients: '',
  };

  it('show the rules kept: each figure as text, the recipients on one line', () => {
    expect(
      valuesFromRules({
        space_percent: 90,
        backup_hours: 48,
        verification: false,
        collection: true,
        recipients: ['a@example.com', 'b@example.com'],
      }),
    ).toEqual({
      spaceOn: true,
      spacePercent: '90',
      backupOn: true,
      backupHours: '48',
      verification: false,
      collection: true,
      recipients: 'a@example.com, b@example.com',
    });
  });

  it('show a rule switched off as unticked, with the default figure to start from when it is ticked', () => {
    expect(
      valuesFromRules({
        space_percent: null,
        backup_hours: null,
        verification: true,
        collection: false,
        recipients: [],
      }),
    ).toMatchObject({ spaceOn: false, spacePercent: '80', backupOn: false, backupHours: '24', recipients: '' });
  });

  it('send the figures as numbers, a rule unticked as none, whatever its figure', () => {
    expect(rulesFromValues({ ...form, spacePercent: ' 90 ', backupHours: '48' })).toMatchObject({
      space_percent: 90,
      backup_hours: 48,
    });
    expect(rulesFromValues({ ...form, spaceOn: false, spacePercent: 'x', backupOn: false })).toMatchObject({
      space_percent: null,
      backup_hours: null,
    });
  });

  it('read a figure only when it is digits alone', () => {
    for (const text of ['', '9 0', 'x90', '90x', '8.5', '-60', '1e2', '90%']) {
      expect(rulesFromValues({ ...form, spacePercent: text }).space_percent).toBeNaN();
    }
  });

  it('read the recipients between commas, semicolons and spaces, and leave out empty places', () => {
    expect(
      rulesFromValues({ ...form, recipients: ' a@example.com ,, b@example.com;c@example.com\td@example.com ' })
        .recipients,
    ).toEqual(['a@example.com', 'b@example.com', 'c@example.com', 'd@example.com']);
    expect(rulesFromValues({ ...form, recipients: '  ' }).recipients).toEqual([]);
  });

  it('find nothing wrong with the defaults, a rule switched off, or the limits themselves', () => {
    expect(validateAlertRules(form)).toEqual({});
    expect(
      validateAlertRules({ ...form, spaceOn: false, spacePercent: '40', backupOn: false, backupHours: '0' }),
    ).toEqual({});
    expect(validateAlertRules({ ...form, spacePercent: '50', backupHours: '12' })).toEqual({});
    expect(validateAlertRules({ ...form, spacePercent: '99', backupHours: '168' })).toEqual({});
  });

  it('mark a figure outside its limits, or no figure at all', () => {
    expect(validateAlertRules({ ...form, spacePercent: '49', backupHours: '169' })).toEqual({
      spacePercent: 'invalid',
      backupHours: 'invalid',
    });
    expect(validateAlertRules({ ...form, spacePercent: '100', backupHours: '11' })).toEqual({
      spacePercent: 'invalid',
      backupHours: 'invalid',
    });
    expect(validateAlertRules({ ...form, spacePercent: '', backupHours: 'a day' })).toEqual({
      spacePercent: 'invalid',
      backupHours: 'invalid',
    });
  });

  it('mark the recipients when one is no address, or when there are more than five', () => {
    const five = 'a@example.com, b@example.com, c@example.com, d@example.com, e@example.com';
    expect(validateAlertRules({ ...form, recipients: five })).toEqual({});
    expect(validateAlertRules({ ...form, recipients: `${five}, f@example.com` })).toEqual({ recipients: 'tooLong' });
    expect(validateAlertRules({ ...form, recipients: 'a@example.com, ops' })).toEqual({ recipients: 'email' });
    expect(validateAlertRules({ ...form, recipients: `ops, ${five}` })).toEqual({ recipients: 'email' });
  });
});

describe('the alert rules’ refusals', () => {
  const rules = { space_percent: 80, backup_hours: 24, verification: true, collection: true, recipients: [] };
  const refinementOf = (change: object) => AlertRulesStruct.validate({ ...rules, ...change })[0]?.refinement;

  it('name the rule each broke', () => {
    expect(refinementOf({ space_percent: 40 })).toBe('percent');
    expect(refinementOf({ backup_hours: 200 })).toBe('hours');
    expect(refinementOf({ recipients: ['ops'] })).toBe('email');
    expect(refinementOf({ recipients: Array.from({ length: 6 }, (_, index) => `a${index}@example.com`) })).toBe(
      'recipients',
    );
  });
});
