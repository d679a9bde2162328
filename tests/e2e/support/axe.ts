/**
 * axe as every journey runs it: the rules of WCAG 2.2 AA, outside the mock's operator panel (it
 * exists only in development and demo builds), and only violations collected: axe then keeps one
 * node of each passed or incomplete rule instead of all, which the journeys never read.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

const wcag22aa = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export function axeBuilder(page: Page): AxeBuilder {
  return new AxeBuilder({ page })
    .withTags(wcag22aa)
    .exclude('#portal-mock-operator')
    .options({ resultTypes: ['violations'] });
}
