import { describe, expect, it } from 'vitest';
import type { Catalogue, Licence } from '../../src/domain/entities';
import { findLicence, licenceOrderSummary, licenceTotal, licencesOf } from '../../src/domain/licence-order';

const standard: Licence = {
  id: 3,
  name: 'Proxmox VE Standard',
  price_1_cpu: 510,
  price_2_cpu: 1020,
  price_4_cpu: 2040,
  product_type: 'VE',
};
const mail: Licence = { ...standard, id: 10, name: 'Proxmox Mail Gateway Basic', product_type: 'MG' };
const catalogue: Catalogue = { VE: [standard], PBS: [], MG: [mail] };

describe('a licence order beside the catalogue', () => {
  it('takes the total from the catalogue price of the chosen CPU count', () => {
    const licence = { price_1_cpu: 115, price_2_cpu: 230, price_4_cpu: 460 };
    expect(licenceTotal(licence, 1)).toBe(115);
    expect(licenceTotal(licence, 2)).toBe(230);
    expect(licenceTotal({ ...licence, price_4_cpu: 400 }, 4)).toBe(400);
  });

  it('finds a licence by its id in any product line, and nothing for an id the catalogue lacks', () => {
    expect(licencesOf(catalogue, 'MG')).toEqual([mail]);
    expect(findLicence(catalogue, 10)).toBe(mail);
    expect(findLicence(catalogue, 3)).toBe(standard);
    expect(findLicence(catalogue, 4)).toBeUndefined();
  });

  it('sums up the order for /order_done: licence, CPUs, yearly net total and the trimmed email', () => {
    expect(licenceOrderSummary(catalogue, { productId: 3, cpuCount: 2, email: ' buyer@example.org ' })).toEqual({
      licenceName: 'Proxmox VE Standard',
      productType: 'VE',
      cpuCount: 2,
      totalNetEur: 1020,
      email: 'buyer@example.org',
    });
  });

  it('sums up nothing when the catalogue is not there or lacks the licence (the thanks page then says it generally)', () => {
    expect(licenceOrderSummary(null, { productId: 3, cpuCount: 1, email: 'a@example.org' })).toBeNull();
    expect(licenceOrderSummary(catalogue, { productId: 4, cpuCount: 1, email: 'a@example.org' })).toBeNull();
  });
});
