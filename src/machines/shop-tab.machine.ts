/**
 * The licence tab of the shop (SPEC §4 "Licence tab: VE, PBS or MG"; §3 client state: product
 * type, default VE). Besides choosing a tab directly, it knows the keyboard moves of an ARIA tab
 * list: next and previous wrap around, first and last jump to the ends.
 */
import { setup } from 'xstate';
import type { LicenceType } from '../domain/constants';
import { typeOf } from './type-of';

export type ShopTabEvent =
  | { type: 'tab.select'; productType: LicenceType }
  | { type: 'tab.next' }
  | { type: 'tab.previous' }
  | { type: 'tab.first' }
  | { type: 'tab.last' };

function selects(productType: LicenceType) {
  return ({ event }: { event: ShopTabEvent }) => event.type === 'tab.select' && event.productType === productType;
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
    'tab.first': { target: '.VE' },
    'tab.last': { target: '.MG' },
  },
  states: {
    VE: {
      description: 'Virtualization licences.',
      on: { 'tab.next': { target: 'PBS' }, 'tab.previous': { target: 'MG' } },
    },
    PBS: {
      description: 'Backup server licences.',
      on: { 'tab.next': { target: 'MG' }, 'tab.previous': { target: 'VE' } },
    },
    MG: {
      description: 'Mail gateway licences.',
      on: { 'tab.next': { target: 'VE' }, 'tab.previous': { target: 'PBS' } },
    },
  },
});
