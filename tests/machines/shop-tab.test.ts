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
});
