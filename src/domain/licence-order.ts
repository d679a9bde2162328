/**
 * A licence order beside the catalogue (SPEC §2 "Licence shop", §7 GET /licences and POST
 * /licence/order): the licences of a product line, the licence an order names, the order's total
 * and what /order_done repeats of it (docs/decisions/010).
 */
import { business, type CpuChoice, type LicenceType } from './constants';
import type { Catalogue, Licence } from './entities';

interface PricedLicence {
  price_1_cpu: number;
  price_2_cpu: number;
  price_4_cpu: number;
}

/** SPEC §2: the total follows the catalogue's price for the chosen CPU count (not a product). */
export function licenceTotal(licence: PricedLicence, cpuCount: CpuChoice): number {
  switch (cpuCount) {
    case 1:
      return licence.price_1_cpu;
    case 2:
      return licence.price_2_cpu;
    case 4:
      return licence.price_4_cpu;
  }
}

/**
 * The licences of a product line. An answer may lack a line (or send it as null): the client
 * reads it as a line with no licences (src/api/structs.ts), which then simply offers nothing.
 */
export function licencesOf(catalogue: Catalogue, type: LicenceType): Licence[] {
  return catalogue[type];
}

export function findLicence(catalogue: Catalogue, id: number): Licence | undefined {
  return business.licenceTypes.flatMap((type) => licencesOf(catalogue, type)).find((licence) => licence.id === id);
}

/** What the shop's order form tells the app of an order the provider accepted. */
export interface PlacedOrder {
  productId: number;
  cpuCount: CpuChoice;
  email: string;
}

/** What /order_done repeats of the order just placed (docs/decisions/010). */
export interface LicenceOrderSummary {
  licenceName: string;
  productType: LicenceType;
  cpuCount: CpuChoice;
  /** Yearly net price in EUR. */
  totalNetEur: number;
  email: string;
}

/** The summary of a placed order, or `null` when the catalogue does not hold its licence. */
export function licenceOrderSummary(catalogue: Catalogue | null, order: PlacedOrder): LicenceOrderSummary | null {
  const licence = catalogue ? findLicence(catalogue, order.productId) : undefined;
  if (!licence) return null;
  return {
    licenceName: licence.name,
    productType: licence.product_type,
    cpuCount: order.cpuCount,
    totalNetEur: licenceTotal(licence, order.cpuCount),
    email: order.email.trim(),
  };
}
