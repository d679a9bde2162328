import { describe, expect, it } from 'vitest';
import { monthAround, periodCost } from '../../src/domain/usage-cost';

const day = 86_400;
const gb = 1_000_000_000;
const price = 0.02;
/** November 2026 in UTC: 30 days. */
const november = { start: Date.UTC(2026, 10, 1) / 1000, end: Date.UTC(2026, 11, 1) / 1000 };

const daily = (values: (number | null)[], start = november.start) => ({
  start,
  step: day,
  used: values.map((value) => (value === null ? null : value * gb)),
});

describe('the dynamic rate’s cost in a billing period (0.02 € per GB and month)', () => {
  it('charges half the month’s price for the first half of a month at a steady usage, and projects the whole', () => {
    const cost = periodCost(daily(Array(15).fill(100)), november, november.start + 15 * day, price);
    expect(cost?.soFarEur).toBeCloseTo(1, 10);
    expect(cost?.projectedEur).toBeCloseTo(2, 10);
  });

  it('weighs each day by its own usage, and projects the rest at the last one', () => {
    // 10 days at 300 GB, then 10 at 600 GB; now after 20 of 30 days.
    const cost = periodCost(
      daily([...Array(10).fill(300), ...Array(10).fill(600)]),
      november,
      november.start + 20 * day,
      price,
    );
    expect(cost?.soFarEur).toBeCloseTo((10 * 300 + 10 * 600) * (price / 30), 10);
    expect(cost?.projectedEur).toBeCloseTo((10 * 300 + 20 * 600) * (price / 30), 10);
  });

  it('counts an unmeasured day with the day before it, and days before the first measure with the first', () => {
    const withGaps = periodCost(daily([null, 200, null, 400]), november, november.start + 4 * day, price);
    const filled = periodCost(daily([200, 200, 200, 400]), november, november.start + 4 * day, price);
    expect(withGaps).toEqual(filled);
  });

  it('counts only the part of the history inside the period', () => {
    // Five days of October at 1,000 GB, then three of November at 100 GB.
    const history = daily([...Array(5).fill(1000), ...Array(3).fill(100)], november.start - 5 * day);
    const cost = periodCost(history, november, november.start + 3 * day, price);
    expect(cost?.soFarEur).toBeCloseTo((3 * 100 * price) / 30, 10);
  });

  it('charges nothing yet before the period begins, and projects the whole period at the last usage', () => {
    const cost = periodCost(daily([500], november.start - day), november, november.start - 1, price);
    expect(cost?.soFarEur).toBe(0);
    expect(cost?.projectedEur).toBeCloseTo(500 * price, 10);
  });

  it('says nothing when no day was measured', () => {
    expect(periodCost(daily([null, null]), november, november.start + day, price)).toBeNull();
  });
});

describe('the billing period the portal assumes: the calendar month in UTC', () => {
  const at = (iso: string) => Date.parse(iso) / 1000;

  it('runs from the first of the month at midnight UTC to the first of the next, on its last day', () => {
    expect(monthAround(at('2026-01-31T23:59:59Z'))).toEqual({
      start: at('2026-01-01T00:00:00Z'),
      end: at('2026-02-01T00:00:00Z'),
    });
  });

  it('begins a new month at midnight UTC on the first, whatever the time in Germany', () => {
    expect(monthAround(at('2026-03-01T00:00:00Z')).start).toBe(at('2026-03-01T00:00:00Z'));
    expect(monthAround(at('2026-02-28T23:30:00Z')).end).toBe(at('2026-03-01T00:00:00Z'));
  });

  it('crosses the year from December to January', () => {
    expect(monthAround(at('2026-12-15T12:00:00Z'))).toEqual({
      start: at('2026-12-01T00:00:00Z'),
      end: at('2027-01-01T00:00:00Z'),
    });
  });

  it('is as long as its month: 29 days in a leap year’s February', () => {
    const february = monthAround(at('2028-02-10T00:00:00Z'));
    expect((february.end - february.start) / 86_400).toBe(29);
  });
});
