/**
 * The summary of the licence order just placed, handed from the shop to /order_done (decision 010).
 * It lives in memory for the rest of the visit and nowhere else: no storage keeps a buyer's
 * order, and /order_done opened on its own (a reload, a bookmark) shows the generic thanks.
 */
import type { CpuChoice, LicenceType } from '../../domain/constants';

export interface LicenceOrderSummary {
  licenceName: string;
  productType: LicenceType;
  cpuCount: CpuChoice;
  /** Yearly net price in EUR. */
  totalNetEur: number;
  email: string;
}

let lastOrder: LicenceOrderSummary | null = null;

export function rememberLicenceOrder(summary: LicenceOrderSummary): void {
  lastOrder = summary;
}

export function lastLicenceOrder(): LicenceOrderSummary | null {
  return lastOrder;
}

/** Forgets the summary, as a new visit would (tests start each one afresh). */
export function forgetLicenceOrder(): void {
  lastOrder = null;
}
