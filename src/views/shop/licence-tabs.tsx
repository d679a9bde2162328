import { useSelector } from '@xstate/react';
import { startTransition, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { Catalogue } from '../../domain/entities';
import { business, type LicenceType } from '../../domain/constants';
import type { shopTabMachine } from '../../machines/shop-tab.machine';
import { licencesOf } from '../../domain/licence-order';
import { tabForKey } from '../shared/tab-keys';
import { LicenceCard } from './licence-card';
import { typeMessages } from './shop-messages';

/**
 * SPEC §2: tabs for VE, PBS and MG, as an ARIA tab list (WAI-ARIA APG "Tabs with automatic
 * activation"): one tab in the tab order (roving tabindex), arrow keys wrap, Home and End jump.
 */
export function LicenceTabs({
  tabs,
  catalogue,
  buyPath,
}: {
  tabs: ActorRefFrom<typeof shopTabMachine>;
  catalogue: Catalogue;
  buyPath: string;
}) {
  const intl = useIntl();
  const baseId = useId();
  const selected = useSelector(tabs, (snapshot) => snapshot.value);
  // Every panel is rendered, the others hidden, so that a tab switch only shows one and hides one
  // instead of building a panel's cards at each press (issue 33). The selected panel comes first;
  // the others follow in a transition, which React renders in slices without a long task.
  const [allPanels, setAllPanels] = useState(false);
  useEffect(() => startTransition(() => setAllPanels(true)), []);
  const tabRefs = useRef<Partial<Record<LicenceType, HTMLButtonElement | null>>>({});
  const tabId = (type: LicenceType) => `${baseId}-tab-${type}`;
  const panelId = (type: LicenceType) => `${baseId}-panel-${type}`;

  const onKeyDown = (event: KeyboardEvent) => {
    const next = tabForKey(event.key, business.licenceTypes, tabs.getSnapshot().value);
    if (!next) return;
    event.preventDefault();
    tabs.send({ type: 'tab.select', productType: next });
    tabRefs.current[next]?.focus();
  };

  return (
    <section className="licence-list" aria-labelledby={`${baseId}-heading`}>
      <h2 id={`${baseId}-heading`}>
        <FormattedMessage id="shop.list.heading" defaultMessage="Choose your licence" />
      </h2>
      <div role="tablist" aria-labelledby={`${baseId}-heading`} className="licence-tablist" onKeyDown={onKeyDown}>
        {business.licenceTypes.map((type) => (
          <button
            key={type}
            ref={(element) => {
              tabRefs.current[type] = element;
            }}
            type="button"
            role="tab"
            id={tabId(type)}
            aria-selected={selected === type}
            aria-controls={panelId(type)}
            tabIndex={selected === type ? 0 : -1}
            onClick={() => tabs.send({ type: 'tab.select', productType: type })}
          >
            {intl.formatMessage(typeMessages[type])}
          </button>
        ))}
      </div>
      {business.licenceTypes.map((type) => (
        <div
          key={type}
          role="tabpanel"
          id={panelId(type)}
          aria-labelledby={tabId(type)}
          hidden={selected !== type}
          className="licence-panel"
        >
          {!allPanels && selected !== type ? null : licencesOf(catalogue, type).length === 0 ? (
            <p className="notice notice-info">
              <FormattedMessage
                id="shop.list.empty"
                defaultMessage="No licences of this kind are on offer at the moment."
              />
            </p>
          ) : (
            <div className="licence-cards">
              {licencesOf(catalogue, type).map((licence) => (
                <LicenceCard key={licence.id} licence={licence} buyPath={buyPath} />
              ))}
            </div>
          )}
        </div>
      ))}
    </section>
  );
}
