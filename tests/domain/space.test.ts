import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSpaceWarning, parseSpace, spaceUse, splitSpace } from '../../src/domain/space';
import { spaceText, totalSpaceText } from '../../src/mocks/rules';

describe('space texts', () => {
  it('reads the texts of the status list in decimal units, 1 TB being 1000 GB', () => {
    expect(parseSpace('4.25 TB')).toBe(4.25e12);
    expect(parseSpace('850 GB')).toBe(850e9);
    expect(parseSpace('5.3 GB')).toBe(5.3e9);
    expect(parseSpace('800 MB')).toBe(800e6);
    expect(parseSpace('4,25 TB')).toBe(4.25e12);
    expect(parseSpace(' 1 tb ')).toBe(1e12);
    expect(parseSpace('0 B')).toBe(0);
  });

  it('reads nothing from texts without a size', () => {
    for (const text of ['unlimited', '', 'TB', '5 XB', '-1 GB', '1e3 GB', '5 TB free']) {
      expect(parseSpace(text)).toBeNull();
    }
  });

  it('gives a fixed datastore its used share and warns above 80 percent only', () => {
    expect(spaceUse({ volume: 5, space_used_text: '4.25 TB', space_total_text: '5 TB' })).toEqual({
      percent: 85,
      warning: true,
    });
    expect(spaceUse({ volume: 5, space_used_text: '4 TB', space_total_text: '5 TB' })).toEqual({
      percent: 80,
      warning: false,
    });
    expect(spaceUse({ volume: 1, space_used_text: '310 GB', space_total_text: '1 TB' })).toEqual({
      percent: 31,
      warning: false,
    });
  });

  it('falls back to the booked volume when the total text cannot be read', () => {
    expect(spaceUse({ volume: 2, space_used_text: '1.8 TB', space_total_text: '?' })).toEqual({
      percent: 90,
      warning: true,
    });
  });

  it('draws no fill level for the dynamic rate or an unreadable used text', () => {
    expect(spaceUse({ volume: 0, space_used_text: '734 GB', space_total_text: 'unlimited' })).toEqual({
      percent: null,
      warning: false,
    });
    expect(spaceUse({ volume: 0, space_used_text: '734 GB', space_total_text: '734 GB' })).toEqual({
      percent: null,
      warning: false,
    });
    expect(spaceUse({ volume: 3, space_used_text: 'n/a', space_total_text: '3 TB' })).toEqual({
      percent: null,
      warning: false,
    });
  });

  it('draws no fill level when the answer leaves out the used space, or both the total and the volume', () => {
    expect(spaceUse({ volume: 5, space_total_text: '5 TB' })).toEqual({ percent: null, warning: false });
    expect(spaceUse({ volume: 5, space_used_text: null, space_total_text: '5 TB' })).toEqual({
      percent: null,
      warning: false,
    });
    expect(spaceUse({ space_used_text: '1 TB' })).toEqual({ percent: null, warning: false });
    expect(spaceUse({})).toEqual({ percent: null, warning: false });
  });

  it('reads the share from the texts alone when the volume is left out, and from the volume when the total is', () => {
    expect(spaceUse({ space_used_text: '4.5 TB', space_total_text: '5 TB' })).toEqual({ percent: 90, warning: true });
    expect(spaceUse({ volume: null, space_used_text: '1 TB', space_total_text: '4 TB' })).toEqual({
      percent: 25,
      warning: false,
    });
    expect(spaceUse({ volume: 4, space_used_text: '1 TB' })).toEqual({ percent: 25, warning: false });
  });

  it('agrees with the texts the mock writes, for any used space of any fixed volume', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.double({ min: 0, max: 1.2, noNaN: true }), (volume, share) => {
        const used = volume * 1e12 * share;
        const use = spaceUse({ volume, space_used_text: spaceText(used), space_total_text: totalSpaceText(volume) });
        expect(use.percent).not.toBeNull();
        // The texts are rounded (two decimals of a TB, whole GB, whole MB): within one percent.
        expect(Math.abs((use.percent ?? 0) - share * 100)).toBeLessThan(1);
        expect(use.warning).toBe(isSpaceWarning(use.percent ?? 0));
      }),
    );
  });

  it('warns exactly above 80 percent', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 200, noNaN: true }), (percent) => {
        expect(isSpaceWarning(percent)).toBe(percent > 80);
      }),
    );
  });
});

describe('splitSpace', () => {
  it('gives the amount, its decimals and the unit as written, and null for any other text', () => {
    expect(splitSpace('4.25 TB')).toEqual({ amount: 4.25, decimals: 2, unit: 'TB' });
    expect(splitSpace(' 4,5 GB ')).toEqual({ amount: 4.5, decimals: 1, unit: 'GB' });
    expect(splitSpace('850\u00a0GB')).toEqual({ amount: 850, decimals: 0, unit: 'GB' });
    expect(splitSpace('unlimited')).toBeNull();
  });
});
