import { describe, expect, it } from 'vitest';
import { cpuChoicesFor, isSoldPerCpu, licenceFeatures, parseLicenceId } from '../../src/domain/licence-features';

const ids = Array.from({ length: 12 }, (_, index) => index + 1);

describe('the licence feature table', () => {
  it('has a feature list for each licence id from 1 to 12 and none beyond', () => {
    for (const id of ids) expect(licenceFeatures(id), `id ${id}`).toBeDefined();
    expect(licenceFeatures(0)).toBeUndefined();
    expect(licenceFeatures(13)).toBeUndefined();
  });

  it('gives every licence the enterprise repository, the stable version, all features and yearly renewal', () => {
    for (const id of ids) {
      expect(licenceFeatures(id)).toMatchObject({
        enterpriseRepository: true,
        stableVersion: true,
        allFeatures: true,
        yearlyRenewal: true,
      });
    }
  });

  it('keeps the Community tier (ids 1, 5, 9) to community support without tickets, response time or ssh', () => {
    for (const id of [1, 5, 9]) {
      expect(licenceFeatures(id)).toMatchObject({
        support: 'community',
        supportTickets: 0,
        responseTime: null,
        sshRemoteSupport: false,
      });
    }
  });

  it('raises tickets and shortens the response time from Basic to Premium within each line', () => {
    const order = (tickets: number | 'unlimited') => (tickets === 'unlimited' ? Infinity : tickets);
    const hours = { '1d': 24, '4h': 4, '2h': 2 } as const;
    for (const first of [2, 6, 10]) {
      const tiers = [first, first + 1, first + 2].map((id) => licenceFeatures(id));
      for (const tier of tiers) expect(tier?.support).toBe('customer');
      const tickets = tiers.map((tier) => order(tier?.supportTickets ?? 0));
      expect(tickets).toEqual([...tickets].sort((a, b) => a - b));
      expect(tiers.at(-1)?.supportTickets).toBe('unlimited');
      const response = tiers.map((tier) => (tier?.responseTime ? hours[tier.responseTime] : Infinity));
      expect(response).toEqual([24, 4, 2]);
      expect(tiers.map((tier) => tier?.sshRemoteSupport)).toEqual([false, true, true]);
    }
  });

  it('uses each ticket tier of SPEC §9 and no other', () => {
    const used = new Set(ids.map((id) => licenceFeatures(id)?.supportTickets));
    expect(used).toEqual(new Set([0, 3, 5, 10, 15, 'unlimited']));
  });
});

describe('CPU choices', () => {
  it('sells VE per CPU with the choice of 1, 2 or 4, and PBS and MG per server', () => {
    expect(isSoldPerCpu('VE')).toBe(true);
    expect(cpuChoicesFor('VE')).toEqual([1, 2, 4]);
    for (const type of ['PBS', 'MG'] as const) {
      expect(isSoldPerCpu(type)).toBe(false);
      expect(cpuChoicesFor(type)).toEqual([1]);
    }
  });

  it('reads a route id only when it is a plain positive whole number', () => {
    expect(parseLicenceId('7')).toBe(7);
    expect(parseLicenceId('12')).toBe(12);
    for (const value of [undefined, '', '0', '07', '-1', '1.5', 'abc', '3x', '9999999999']) {
      expect(parseLicenceId(value), String(value)).toBeUndefined();
    }
  });
});
