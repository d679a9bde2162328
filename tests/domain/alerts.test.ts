import { describe, expect, it } from 'vitest';
import { AlertRulesStruct } from '../../src/domain/alert-rules';
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

  it('keep the order they came in for alerts raised at the same moment, and an unreadable time where it came', () => {
    const same = [anAlert('x', 5), anAlert('y', 5)];
    expect(ids(mergeAlerts([anAlert('a', 1)], same))).toEqual(['x', 'y', 'a']);
    expect(ids(mergeAlerts([], [{ ...anAlert('odd', 0), raised_at: 'soon' }, anAlert('a', 1)]))).toEqual(['odd', 'a']);
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
