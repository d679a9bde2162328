/**
 * The licence tab of the shop (SPEC §4 "Licence tab: VE, PBS or MG"; §3 client state: product
 * type, default VE). Which key of the tab list chooses which tab is the widget's business
 * (src/views/shared/tab-keys.ts): the machine only learns the tab chosen.
 */
import { setup } from 'xstate';
import type { LicenceType } from '../domain/constants';
import { typeOf } from './type-of';

export type ShopTabEvent = { type: 'tab.select'; productType: LicenceType };

function selects(productType: LicenceType) {
  return ({ event }: { event: ShopTabEvent }) => event.productType === productType;
}

export const shopTabMachine = setup({
  types: { events: typeOf<ShopTabEvent>() },
  guards: {
    selectsVE: selects('VE'),
    selectsPBS: selects('PBS'),
    selectsMG: selects('MG'),
  },
}).createMachine({
  id: 'shopTab',
  description: 'SPEC §4 Licence tab: VE, PBS or MG; VE first.',
  initial: 'VE',
  on: {
    'tab.select': [
      { guard: 'selectsVE', target: '.VE' },
      { guard: 'selectsPBS', target: '.PBS' },
      { guard: 'selectsMG', target: '.MG' },
    ],
  },
  states: {
    VE: { description: 'Virtualization licences.' },
    PBS: { description: 'Backup server licences.' },
    MG: { description: 'Mail gateway licences.' },
  },
});
