/**
 * SPEC §5: the IBAN is reformatted live; only digits and capital letters are kept, grouped
 * in blocks of four separated by spaces. Lower-case letters are taken as their capitals.
 */
export function compactIban(value: string): string {
  return value.toUpperCase().replace(/[^0-9A-Z]/g, '');
}

export function formatIban(value: string): string {
  return compactIban(value).replace(/(.{4})(?=.)/g, '$1 ');
}

/** The IBAN with all but its last four characters hidden, for the company view. */
export function maskIban(value: string): string {
  const compact = compactIban(value);
  if (compact.length <= 4) return compact;
  const masked = '•'.repeat(compact.length - 4) + compact.slice(-4);
  return masked.replace(/(.{4})(?=.)/gu, '$1 ');
}
