/**
 * The keys of an ARIA tab list (WAI-ARIA APG "Tabs"): the arrows move to the next or previous tab
 * and wrap around, Home and End jump to the ends. The widget's concern: the machine behind the
 * tabs only learns which tab was chosen (machines model the product, components the widget).
 */
export function tabForKey<T>(key: string, tabs: readonly T[], current: T): T | null {
  const at = tabs.indexOf(current);
  const last = tabs.length - 1;
  switch (key) {
    case 'ArrowRight':
      return tabs[at === last ? 0 : at + 1] ?? null;
    case 'ArrowLeft':
      return tabs[at <= 0 ? last : at - 1] ?? null;
    case 'Home':
      return tabs[0] ?? null;
    case 'End':
      return tabs[last] ?? null;
    default:
      return null;
  }
}
