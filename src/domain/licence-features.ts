/**
 * Licence rules of the shop (SPEC §2 "Licence shop", §3 "Shop catalogue", §9): the one table of
 * features per licence id and which product lines are sold per CPU (an order's total is in
 * licence-order.ts).
 *
 * SPEC §3 fixes the feature list of ids 1 to 12 but not its assignment; the assignment below
 * follows the usual Community / Basic / Standard / Premium ladder of the Proxmox subscriptions
 * and is recorded in docs/decisions/009-licence-shop.md.
 */
import type { CpuChoice, LicenceType } from './constants';

/** SPEC §9 ticket tiers; 0 means no support tickets. */
type SupportTickets = 0 | 3 | 5 | 10 | 15 | 'unlimited';
/** SPEC §9 response-time tiers; `null` means no guaranteed response time. */
type ResponseTime = null | '1d' | '4h' | '2h';

export interface LicenceFeatures {
  enterpriseRepository: boolean;
  stableVersion: boolean;
  allFeatures: boolean;
  support: 'community' | 'customer';
  supportTickets: SupportTickets;
  responseTime: ResponseTime;
  sshRemoteSupport: boolean;
  yearlyRenewal: boolean;
}

const base = { enterpriseRepository: true, stableVersion: true, allFeatures: true, yearlyRenewal: true } as const;
const community: LicenceFeatures = {
  ...base,
  support: 'community',
  supportTickets: 0,
  responseTime: null,
  sshRemoteSupport: false,
};

function tier(supportTickets: SupportTickets, responseTime: ResponseTime, sshRemoteSupport: boolean): LicenceFeatures {
  return { ...base, support: 'customer', supportTickets, responseTime, sshRemoteSupport };
}

/** Ids 1–4 VE, 5–8 PBS, 9–12 MG, each Community, Basic, Standard, Premium (src/mocks/seed.ts). */
const table: Record<number, LicenceFeatures> = {
  // Proxmox VE
  1: community,
  2: tier(3, '1d', false),
  3: tier(10, '4h', true),
  4: tier('unlimited', '2h', true),
  // Proxmox Backup Server: smaller fleets, more tickets per tier
  5: community,
  6: tier(5, '1d', false),
  7: tier(15, '4h', true),
  8: tier('unlimited', '2h', true),
  // Proxmox Mail Gateway
  9: community,
  10: tier(5, '1d', false),
  11: tier(10, '4h', true),
  12: tier('unlimited', '2h', true),
};

/** The fixed feature list of a licence id (SPEC §3), or `undefined` for an id outside 1 to 12. */
export function licenceFeatures(id: number): LicenceFeatures | undefined {
  return table[id];
}

/**
 * Only VE is sold per CPU socket; PBS and MG are sold per server, so their orders always carry
 * `cpu_count` 1 (SPEC §2: "VE offers a CPU count choice"; docs/decisions/002, point 5).
 */
export function isSoldPerCpu(type: LicenceType): boolean {
  return type === 'VE';
}

export function cpuChoicesFor(type: LicenceType): readonly CpuChoice[] {
  return isSoldPerCpu(type) ? [1, 2, 4] : [1];
}

/** A route's licence id: a positive whole number written plainly, else `undefined`. */
export function parseLicenceId(value: string | undefined): number | undefined {
  // Stryker disable next-line ConditionalExpression: the pattern refuses undefined (read as the text "undefined") as well
  if (value === undefined || !/^[1-9]\d{0,8}$/.test(value)) return undefined;
  return Number(value);
}
