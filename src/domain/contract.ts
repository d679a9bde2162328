/**
 * When a customer's contract ends, read from the fields SPEC §3 promises and nothing else.
 * The spec's Company has no end date; its products do ("Company product": name, dynamic_volume,
 * volume, contract_end_date), and SPEC §4 says a cancelled datastore has `contract_end_date` set.
 * So the products of GET /me are where an end date can come from (decision 013, point 6).
 */

/**
 * The day the last product ends (yyyy-mm-dd as the server sends it), when every product carries
 * an end date: nothing runs on after it, so there is nothing left to cancel. Null when any
 * product runs on without an end date (null, or not sent at all), when there are no products, or
 * while they are unknown.
 */
export function contractEndDate(
  products: readonly { contract_end_date?: string | null }[] | null | undefined,
): string | null {
  // Stryker disable next-line ConditionalExpression: no products leave the loop without a date, null as well
  if (!products || products.length === 0) return null;
  let last: string | null = null;
  for (const { contract_end_date: end } of products) {
    if (!end) return null;
    // ISO days compare as text; the latest one is when the contract's last service ends.
    // Stryker disable next-line EqualityOperator: an equal date replaces itself
    if (last === null || end > last) last = end;
  }
  return last;
}

/**
 * The end date of a cancelled contract, as far as the portal knows it (decision 029): the
 * company's `contract_end_date` where the server sends one (an extra beyond SPEC §3: the default
 * mock does, the spec-strict mock does not), else the latest end of the datastores when every one
 * carries one (the rule of `contractEndDate`: after a contract cancellation each datastore ends).
 * Null when neither says. Only for a contract known to be cancelled: datastores that all end are
 * no proof of a contract cancellation on their own, since datastores cancelled one by one look
 * the same in the spec's fields.
 */
export function cancelledContractEnd(
  companyEnd: string | null | undefined,
  datastores: readonly { contract_end_date?: string | null }[],
): string | null {
  return companyEnd || contractEndDate(datastores);
}
