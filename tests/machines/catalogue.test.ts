import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../src/api/client';
import type { Catalogue } from '../../src/domain/entities';
import { catalogueMachine } from '../../src/machines/catalogue.machine';

const catalogue: Catalogue = {
  VE: [
    {
      id: 1,
      name: 'Proxmox VE Community',
      price_1_cpu: 115,
      price_2_cpu: 230,
      price_4_cpu: 460,
      highlight: false,
      product_type: 'VE',
    },
  ],
  PBS: [],
  MG: [],
};

// The lifecycle (retry, timeout, abort) is the loader's: tests/machines/loader.test.ts.
describe('the catalogue machine', () => {
  it('keeps the catalogue for the visit, without a session', async () => {
    const actor = createActor(catalogueMachine.provide({ actors: { load: fromPromise(async () => catalogue) } }), {
      input: {},
    }).start();
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    expect(actor.getSnapshot().context).toEqual({ session: null, data: catalogue, error: null });
  });

  it('reads a 401 as a plain failure: GET /licences is public and ends no session', async () => {
    const actor = createActor(
      catalogueMachine.provide({
        actors: {
          load: fromPromise<Catalogue>(async () => {
            throw new ApiError('http', { status: 401 });
          }),
        },
      }),
      { input: {} },
    ).start();
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(actor.getSnapshot().context.error).toEqual({ key: 'general' });
  });
});
