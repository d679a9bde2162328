/**
 * The alerts' machines with their real calls, against the mock API (issue 45): the feed reads the
 * list once its stream is open and hears what is raised then; nothing on v1; a 401 pauses it,
 * leaving the session to the page. The rules are read, and a form's rules sent as numbers and addresses.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { forgetServerOffer } from '../../src/api/server-version';
import { valuesFromRules } from '../../src/domain/alert-rules';
import { alertRulesForm, alertRulesLoader } from '../../src/machines/alert-rules.machine';
import { alertsMachine } from '../../src/machines/alerts.machine';
import { mock } from '../../src/mocks/node';
import { aDatastore } from '../support/builders';
import { createCustomer } from '../support/customers';
import { startForm } from '../support/machines';
import { loginAs } from '../support/mock-api';
import { stubRefs } from '../support/portal-refs';

let email = '';
let name = '';

beforeEach(async () => {
  mock.setApiVersion('v1.1');
  const customer = createCustomer({ datastores: [aDatastore('web', { volume: 2, space_used_text: '800 GB' })] });
  await loginAs(customer.email, customer.password);
  email = customer.email;
  name = mock.datastores(customer.email)[0]?.name ?? '';
});

afterEach(() => {
  forgetServerOffer();
  vi.useRealTimers();
});

function startFeed() {
  const told = vi.fn();
  const { refs } = stubRefs({ loggedIn: true }, { session: (event) => told(event) });
  const actor = createActor(alertsMachine, { input: { ...refs, resume: null, seenAt: null } }).start();
  return { actor, told };
}

/** The rules the demo account starts with. */
const keptRules = { space_percent: 80, backup_hours: 24, verification: true, collection: true, recipients: [] };

describe('the alerts’ feed, on the mock', () => {
  it('reads the list once the stream is open, and hears an alert raised then', async () => {
    const { actor } = startFeed();
    await waitFor(actor, (snapshot) => snapshot.matches({ live: 'shown' }) && snapshot.context.listed, {
      timeout: 4_000,
    });
    expect(actor.getSnapshot().hasTag('offered')).toBe(true);
    mock.fillDatastore(name, 85);
    await waitFor(actor, (snapshot) => snapshot.context.alerts.length === 1, { timeout: 4_000 });
    expect(actor.getSnapshot().context.alerts[0]).toMatchObject({ kind: 'space', datastore: name, percent: 85 });
    expect(actor.getSnapshot().context.lastEventId).toMatch(/^\d+$/);
    actor.stop();
  });

  it('waits to open a dropped stream again, and pauses without ending the session when it is refused with a 401', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const { actor, told } = startFeed();
    await waitFor(actor, (snapshot) => snapshot.matches({ live: 'shown' }) && snapshot.context.listed, {
      timeout: 4_000,
    });
    await mock.reset();
    mock.setApiVersion('v1.1');
    // The session's end ends its stream; the stream opened again is refused.
    await waitFor(actor, (snapshot) => snapshot.matches('reconnecting'), { timeout: 4_000 });
    expect(actor.getSnapshot().hasTag('offered')).toBe(true);
    await vi.advanceTimersByTimeAsync(5_000);
    await waitFor(actor, (snapshot) => snapshot.matches('paused'), { timeout: 4_000 });
    expect(told).not.toHaveBeenCalled();
    actor.stop();
  });

  it('shows nothing on a server that knows only v1', async () => {
    mock.setApiVersion('v1');
    const { actor } = startFeed();
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(actor.getSnapshot().value).toBe('off');
  });
});

describe('the alert rules’ machines, on the mock', () => {
  it('read the rules the server keeps', async () => {
    const { refs } = stubRefs({ loggedIn: true });
    const actor = createActor(alertRulesLoader, { input: refs }).start();
    await waitFor(actor, (snapshot) => snapshot.context.data !== null);
    expect(actor.getSnapshot().context.data).toEqual({
      space_percent: 80,
      backup_hours: 24,
      verification: true,
      collection: true,
      recipients: [],
    });
  });

  it('send the form’s rules as numbers and addresses, a rule unticked as none', async () => {
    const start = valuesFromRules(keptRules);
    const { actor, change } = startForm(alertRulesForm, { values: start, session: { loggedIn: true } });
    change('spacePercent', ' 90 ');
    change('backupOn', false);
    change('recipients', 'ops@example.com; boss@example.com');
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.hasTag('done'));
    expect(mock.alertRules(email)).toEqual({
      space_percent: 90,
      backup_hours: null,
      verification: true,
      collection: true,
      recipients: ['ops@example.com', 'boss@example.com'],
    });
  });

  it('send nothing while a figure is outside its limits', async () => {
    const start = valuesFromRules(keptRules);
    const { actor, change } = startForm(alertRulesForm, { values: start, session: { loggedIn: true } });
    change('backupHours', '200');
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ backupHours: 'invalid' });
    expect(mock.alertRules(email).backup_hours).toBe(24);
  });
});
