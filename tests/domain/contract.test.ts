import { describe, expect, it } from 'vitest';
import { cancelledContractEnd, contractEndDate } from '../../src/domain/contract';

const ending = (contractEndDate: string | null) => ({ contract_end_date: contractEndDate });

describe('the end of a contract, read from its products', () => {
  it('is the last end date when every product carries one', () => {
    expect(contractEndDate([ending('2026-12-31'), ending('2027-01-31'), ending('2026-11-30')])).toBe('2027-01-31');
  });

  it('is unknown while any product runs on without an end date', () => {
    expect(contractEndDate([ending('2026-12-31'), ending(null)])).toBeNull();
    expect(contractEndDate([ending(null)])).toBeNull();
  });

  it('is unknown when a product does not say when it ends', () => {
    expect(contractEndDate([ending('2026-12-31'), {}])).toBeNull();
    expect(contractEndDate([{}])).toBeNull();
  });

  it('is unknown without products, or before they are loaded', () => {
    expect(contractEndDate([])).toBeNull();
    expect(contractEndDate(null)).toBeNull();
    expect(contractEndDate(undefined)).toBeNull();
  });
});

describe('the end date of a cancelled contract (decision 029)', () => {
  it("takes the company's end date where the server sends one", () => {
    expect(cancelledContractEnd('2027-01-31', [ending('2026-12-31'), ending(null)])).toBe('2027-01-31');
  });

  it('takes the latest end of the datastores when the company sends none and every datastore ends', () => {
    expect(cancelledContractEnd(null, [ending('2026-12-31'), ending('2027-01-31')])).toBe('2027-01-31');
    expect(cancelledContractEnd(undefined, [ending('2026-12-31')])).toBe('2026-12-31');
  });

  it('knows no date when a datastore runs on without one, or when there are none', () => {
    expect(cancelledContractEnd(null, [ending('2026-12-31'), ending(null)])).toBeNull();
    expect(cancelledContractEnd(null, [])).toBeNull();
  });
});
