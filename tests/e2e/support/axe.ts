/**
 * axe as every journey runs it: the rules of WCAG 2.2 AA, outside the mock's operator panel (it
 * exists only in development and demo builds), and only violations collected: axe then keeps one
 * node of each passed or incomplete rule instead of all, which the journeys never read.
 *
 * `axe.run` in the page itself (`setLegacyMode`): by default @axe-core/playwright runs
 * `axe.runPartial` in each frame and joins the results in a blank page it opens for every scan,
 * which made a scan of /shop take 1.3 s against 0.6 s. That way exists for frames of other
 * origins, and the portal has no frames. Both ways gave the same violations, node for node, on a
 * page given an image without a text, a low contrast, a button, a field and a link without names.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

const wcag22aa = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export function axeBuilder(page: Page): AxeBuilder {
  return new AxeBuilder({ page })
    .withTags(wcag22aa)
    .exclude('#portal-mock-operator')
    .options({ resultTypes: ['violations'] })
    .setLegacyMode();
}
