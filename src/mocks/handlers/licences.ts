/**
 * The public licence shop (SPEC §2, §3, §7): the catalogue and orders, without a login.
 */
import { CatalogueAnswer, LicenceOrderPayload } from '../../api/licence-structs';
import type { Catalogue, Licence } from '../../domain/entities';
import type { CpuChoice, Language, LicenceType } from '../../domain/constants';
import { isSoldPerCpu } from '../../domain/licence-features';
import { db, sendMail } from '../db';
import { route } from '../faults';
import { inLanguage } from '../language';
import { licenceOrdered } from '../mails';
import { refused, type Outcome } from '../cancellations';
import { answer, done, postcodeMismatch, readPayload, refuse } from '../respond';
import { asSpec } from '../strict';

const LINE_NAMES: Record<LicenceType, string> = {
  VE: 'Proxmox VE',
  PBS: 'Proxmox Backup Server',
  MG: 'Proxmox Mail Gateway',
};

/** A licence row's product line; the seed and the operator write only the three of SPEC §3. */
function licenceTypeOf(value: string): LicenceType {
  const type = Object.keys(LINE_NAMES).find((name): name is LicenceType => name === value);
  if (!type) throw new TypeError(`Unknown licence product line ${value}`);
  return type;
}

export function catalogue(): Catalogue {
  const grouped: Catalogue = { VE: [], PBS: [], MG: [] };
  for (const row of db.licence.findMany({ where: {}, orderBy: { id: 'asc' } })) {
    const licence: Licence = asSpec('licence', {
      id: row.id,
      name: row.name,
      price_1_cpu: row.price_1_cpu,
      price_2_cpu: row.price_2_cpu,
      price_4_cpu: row.price_4_cpu,
      highlight: row.highlight,
      product_type: licenceTypeOf(row.product_type),
    });
    grouped[licence.product_type].push(licence);
  }
  return grouped;
}

/**
 * A licence order (SPEC §2, §7), shared by v1 and v1.1: the postcode must fit the country, the
 * product must exist, and only VE is sold per CPU socket. The order is kept and confirmed by mail
 * in `language`.
 */
export function orderLicence(order: LicenceOrderPayload, language: Language): Outcome<null> {
  const mismatch = postcodeMismatch(order.postcode, order.country);
  if (mismatch) return { ok: false, refusal: mismatch };
  const licence = db.licence.findFirst({ where: { id: { equals: order.product_id } } });
  if (!licence) {
    return refused(400, 'product-unknown', {
      en: 'The licence product does not exist.',
      de: 'Diese Lizenz gibt es nicht.',
    });
  }
  const type = licenceTypeOf(licence.product_type);
  // Only VE is sold per CPU socket; the shop offers the choice for VE alone (SPEC §2).
  if (!isSoldPerCpu(type) && order.cpu_count !== 1) {
    const line = LINE_NAMES[type];
    return refused(400, 'invalid-fields', {
      en: `${line} licences are sold per server; the number of CPU sockets must be 1.`,
      de: `Lizenzen für ${line} gelten je Server; die Anzahl der CPU-Sockel muss 1 sein.`,
    });
  }
  const prices: Record<CpuChoice, number> = {
    1: licence.price_1_cpu,
    2: licence.price_2_cpu,
    4: licence.price_4_cpu,
  };
  // The payload struct lets only the CPU choices of SPEC §2 through.
  const total = Object.entries(prices).find(([cpus]) => Number(cpus) === order.cpu_count)?.[1] ?? Number.NaN;
  db.licenceOrder.create({ ...order, totalNetEur: total });
  const mail = licenceOrdered(language, order, {
    licenceName: licence.name,
    perCpuSocket: isSoldPerCpu(type),
    cpuCount: order.cpu_count,
    totalNetEur: total,
  });
  sendMail(order.email, mail.subject, mail.body);
  return { ok: true, value: null };
}

export const licenceHandlers = [
  route('GET /licences', () => answer(CatalogueAnswer, catalogue())),

  route('POST /licence/order', async ({ request, language }) => {
    const payload = await readPayload(request, LicenceOrderPayload);
    if (!payload.ok) return payload.response;
    const outcome = orderLicence(payload.value, language);
    return outcome.ok ? done() : refuse(outcome.refusal.v1Status, inLanguage(language, outcome.refusal.detail));
  }),
];
