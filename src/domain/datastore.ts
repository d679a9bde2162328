/**
 * Rules about datastores that the dashboard needs (SPEC §2 "Dashboard", §5, §9) and that are
 * not field rules: which product a purchase buys, the web address of a datastore's host and
 * the user name a backup client logs in with.
 */
import { business } from './constants';

/** The two rates of SPEC §1. */
export type PurchaseOption = 'dynamic' | 'static';

/** docs/decisions/002: product 0 is the dynamic rate, 1 to 20 a fixed volume in TB. */
export function productIdOf(option: PurchaseOption, volumeTb: number): number {
  return option === 'dynamic' ? 0 : volumeTb;
}

/** SPEC §5 slider: min 1, step 1, max from configuration; anything else is brought into range. */
export function clampVolume(value: number): number {
  if (!Number.isFinite(value)) return 1;
  return Math.min(business.maxVolumeTb, Math.max(1, Math.round(value)));
}

/** SPEC §3: volume 0 means the dynamic rate. */
export function isDynamic(datastore: { volume?: number | null }): boolean {
  return datastore.volume === 0;
}

/** What a datastore or a product is billed at; null when the answer did not say (shown as a dash). */
export type Rate = { kind: 'dynamic' } | { kind: 'volume'; volumeTb: number } | null;

/** SPEC §3 datastore status entry: volume in TB, 0 for the dynamic rate. */
export function datastoreRate(datastore: { volume?: number | null }): Rate {
  if (datastore.volume == null) return null;
  return isDynamic(datastore) ? { kind: 'dynamic' } : { kind: 'volume', volumeTb: datastore.volume };
}

/** SPEC §3 company product: dynamic_volume 1 is the dynamic rate, else the volume in TB. */
export function productRate(product: { dynamic_volume?: number | null; volume?: number | null }): Rate {
  if (product.dynamic_volume === 1) return { kind: 'dynamic' };
  if (product.volume == null) return null;
  return { kind: 'volume', volumeTb: product.volume };
}

/** SPEC §2 configuration guide: Proxmox VE wants the user with the realm suffix `@pbs`. */
export function pbsUser(username: string): string {
  return username.endsWith('@pbs') ? username : `${username}@pbs`;
}

const HOST_PATTERN =
  /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

/**
 * The address that opens a datastore's host in the browser (SPEC §2 "link opening the
 * datastore on its host"): `https://{hostname}:{port}`. The host comes from the server, so
 * only a plain host name (or an http/https address) is accepted and nothing else is built:
 * a `javascript:` or `data:` address can never come out of here. Null when there is no safe link.
 */
export function datastoreUrl(hostname: string, port: number): string | null {
  if (!Number.isInteger(port) || port < 1 || port > 65_535) return null;
  const host = hostname.trim();
  let scheme = 'https:';
  let name = host;
  // Stryker disable next-line LogicalOperator: a host with only a colon or only a slash fails HOST_PATTERN below, as its URL fails here
  if (host.includes(':') || host.includes('/')) {
    let url: URL;
    try {
      url = new URL(host);
    } catch {
      return null;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    if (
      url.username !== '' ||
      url.password !== '' ||
      url.port !== '' ||
      // Stryker disable next-line Regex: a path other than / is not empty with either slash removed
      url.pathname.replace(/\/$/, '') !== '' ||
      url.search !== '' ||
      url.hash !== ''
    )
      return null;
    scheme = url.protocol;
    name = url.hostname;
  }
  if (!HOST_PATTERN.test(name)) return null;
  const address = `${scheme}//${name}:${port}/`;
  // A name of digits and dots is read as an IPv4 address: it may not be one ("08", "1.2.3.4.5"),
  // or the browser may rewrite it ("127.1" opens 127.0.0.1, "0x10" opens 0.0.0.16). Only an
  // address that opens exactly the host shown is offered.
  try {
    if (new URL(address).hostname !== name.toLowerCase()) return null;
  } catch {
    return null;
  }
  return address;
}
