import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimatedFullDate, fullDate, fullDateOf, type UsageSeries } from '../../src/domain/usage-forecast';

const day = 86_400;
const terabyte = 1_000_000_000_000;
/** 2026-10-28T00:00:00Z */
const start = Date.UTC(2026, 9, 28) / 1000;

const isoDay = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString().slice(0, 10);

/**
 * A month of daily steps on a 1 TB datastore: about 9 GB a day more, with the ups and downs of
 * pruning, two steps without a used value, one whose total read 0 and one without a total. The
 * expected second was computed by a line-by-line transcription of proxmox-backup's
 * src/api2/status.rs and src/tools/statistics.rs in Python (IEEE doubles, as Rust's f64).
 */
const month: UsageSeries = {
  start,
  step: day,
  used: [
    400,
    412,
    416,
    432,
    null,
    446,
    454,
    460,
    474,
    485,
    489,
    null,
    511,
    517,
    528,
    533,
    545,
    558,
    559,
    571,
    584,
    585,
    600,
    606,
    619,
    625,
    632,
    644,
    647,
    663,
  ].map((gigabytes) => (gigabytes === null ? null : gigabytes * 1_000_000_000)),
  total: Array.from({ length: 30 }, (_, index) => (index === 17 ? 0 : index === 23 ? null : terabyte)),
};

/** A series whose usage follows `usageAt(index)` exactly, every step known. */
function series(length: number, usageAt: (index: number) => number): UsageSeries {
  return {
    start,
    step: day,
    used: Array.from({ length }, (_, index) => usageAt(index) * terabyte),
    total: Array.from({ length }, () => terabyte),
  };
}

const lastStep = (of: UsageSeries) => of.start + (of.used.length - 1) * of.step;

describe('the date a datastore will be full (Proxmox Backup Server’s estimated-full-date)', () => {
  it('equals the server’s formula to the second on a month with gaps, a zero total and a missing one', () => {
    expect(estimatedFullDate(month)).toBe(1_798_930_952);
    expect(isoDay(1_798_930_952)).toBe('2027-01-02');
    expect(fullDate(month, lastStep(month))).toEqual({ kind: 'on', epochSeconds: 1_798_930_952 });
  });

  it('finds the moment a steady growth reaches the total, to the second the server’s doubles allow', () => {
    // Half full at the start, one percent more a day: full at the start of the 50th day. The
    // server's arithmetic lands a second before it (23:59:59 the day before), and so does the portal's.
    const steady = series(30, (index) => 0.5 + index * 0.01);
    expect(estimatedFullDate(steady)).toBe(start + 50 * day - 1);
  });

  it('says "not in sight" when the usage does not change: the server sends 0', () => {
    const flat = series(30, () => 0.42);
    expect(estimatedFullDate(flat)).toBe(0);
    expect(fullDate(flat, lastStep(flat))).toEqual({ kind: 'not-in-sight' });
  });

  it('says "not in sight" when the usage falls: the line met the total in the past', () => {
    const falling = series(30, (index) => 0.7 - index * 0.005);
    const estimate = estimatedFullDate(falling) ?? 0;
    expect(estimate).toBeGreaterThan(0);
    expect(estimate).toBeLessThan(start);
    expect(fullDate(falling, lastStep(falling))).toEqual({ kind: 'not-in-sight' });
  });

  it('needs seven known steps: six give no estimate, as the server leaves the field out', () => {
    const growing = (index: number) => 0.1 + index * 0.02;
    expect(estimatedFullDate(series(6, growing))).toBeUndefined();
    expect(fullDate(series(6, growing), start)).toEqual({ kind: 'too-little-history' });
    expect(estimatedFullDate(series(7, growing))).toBeGreaterThan(start);
  });

  it('counts no step without a used value, without a total or with a total of 0 among the seven', () => {
    const six = series(6, (index) => 0.1 + index * 0.02);
    const withGaps: UsageSeries = {
      ...six,
      used: [...six.used, null, terabyte * 0.3, terabyte * 0.32],
      total: [...six.total, terabyte, 0, null],
    };
    expect(estimatedFullDate(withGaps)).toBeUndefined();
  });

  it('places the date within a day of where any steady growth meets the total', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 7, max: 70 }),
        fc.double({ min: 0, max: 0.9, noNaN: true }),
        fc.double({ min: 0.0005, max: 0.05, noNaN: true }),
        (length, first, perDay) => {
          const estimate = estimatedFullDate(series(length, (index) => first + index * perDay)) ?? 0;
          const exact = start + ((1 - first) / perDay) * day;
          expect(Math.abs(estimate - exact)).toBeLessThan(day);
        },
      ),
    );
  });
});

describe('the full date of a usage history’s answer', () => {
  const history = {
    range: 'month',
    start: 0,
    step: 43_200,
    used_bytes: [1, 2, 3, 4, 5, 6, 7],
    total_bytes: [100, 100, 100, 100, 100, 100, 100],
  };

  it('is the server’s estimate where it sent one in the future', () => {
    expect(fullDateOf({ ...history, estimated_full_date: 2_000 }, 1_000)).toEqual({ kind: 'on', epochSeconds: 2_000 });
  });

  it('is not in sight where the server sent 0 or a moment past', () => {
    expect(fullDateOf({ ...history, estimated_full_date: 0 }, 1_000)).toEqual({ kind: 'not-in-sight' });
    expect(fullDateOf({ ...history, estimated_full_date: 1_000 }, 1_000)).toEqual({ kind: 'not-in-sight' });
  });

  it('is computed from the series as the server would where it sent none', () => {
    const computed = fullDate({ start: 0, step: 43_200, used: history.used_bytes, total: history.total_bytes }, 1_000);
    expect(fullDateOf(history, 1_000)).toEqual(computed);
    expect(fullDateOf({ ...history, estimated_full_date: null }, 1_000)).toEqual(computed);
    expect(computed.kind).toBe('on');
  });
});
