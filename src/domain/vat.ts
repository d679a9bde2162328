/**
 * Value added tax on the portal's prices (decision 032). The portal sells to businesses only; its
 * prices are net, plus German VAT. A company in another EU country of the portal's (SPEC §9: FR,
 * LUX) that gives its VAT id is invoiced without German VAT: the reverse-charge procedure
 * (§ 13b UStG, Art. 196 of the VAT directive) makes it owe the VAT in its own country.
 */

/** The countries of SPEC §9 outside Germany, where a business customer's VAT id means reverse charge. */
const reverseChargeCountries: readonly string[] = ['FR', 'LUX'];

/** Whether the reverse-charge note applies: a company in FR or LUX with a VAT id. */
export function reverseChargeApplies(country: string | null | undefined, vatId: string | null | undefined): boolean {
  return country != null && reverseChargeCountries.includes(country) && (vatId ?? '').trim() !== '';
}
