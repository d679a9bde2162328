import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { LicenceType } from '../../src/domain/constants';
import { shopTabMachine, type ShopTabEvent } from '../../src/machines/shop-tab.machine';

function after(start: LicenceType, event: ShopTabEvent) {
  const actor = createActor(shopTabMachine).start();
  actor.send({ type: 'tab.select', productType: start });
  expect(actor.getSnapshot().value).toBe(start);
  actor.send(event);
  return actor.getSnapshot().value;
}

describe('the licence tab machine', () => {
  it('starts on VE', () => {
    expect(createActor(shopTabMachine).start().getSnapshot().value).toBe('VE');
  });

  it('selects any tab from any tab', () => {
    for (const from of ['VE', 'PBS', 'MG'] as const) {
      for (const to of ['VE', 'PBS', 'MG'] as const) {
        expect(after(from, { type: 'tab.select', productType: to }), `${from} → ${to}`).toBe(to);
      }
    }
  });

  it('moves to the next tab and wraps from the last to the first', () => {
    expect(after('VE', { type: 'tab.next' })).toBe('PBS');
    expect(after('PBS', { type: 'tab.next' })).toBe('MG');
    expect(after('MG', { type: 'tab.next' })).toBe('VE');
  });

  it('moves to the previous tab and wraps from the first to the last', () => {
    expect(after('VE', { type: 'tab.previous' })).toBe('MG');
    expect(after('PBS', { type: 'tab.previous' })).toBe('VE');
    expect(after('MG', { type: 'tab.previous' })).toBe('PBS');
  });

  it('jumps to the first and the last tab from any tab', () => {
    for (const from of ['VE', 'PBS', 'MG'] as const) {
      expect(after(from, { type: 'tab.first' })).toBe('VE');
      expect(after(from, { type: 'tab.last' })).toBe('MG');
    }
  });
});
