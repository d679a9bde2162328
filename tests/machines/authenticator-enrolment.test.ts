import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../src/api/client';
import type { FactorAdded, TotpEnrolment } from '../../src/api/v1-1/security';
import {
  authenticatorCodeForm,
  authenticatorEnrolmentMachine,
  validateCode,
} from '../../src/machines/authenticator-enrolment.machine';
import { stubRefs } from '../support/portal-refs';

const enrolment: TotpEnrolment = {
  id: 'f1',
  otpauth_uri: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP',
  secret: 'JBSWY3DPEHPK3PXP',
};
const factor = { id: 'f1', type: 'totp', name: 'Authenticator app', created_at: '2026-11-29T08:00:00Z' };

function start({
  begin = async () => enrolment,
  confirm = async (): Promise<FactorAdded> => ({ factor, recovery_codes: ['abcd-2345', 'efgh-6789'] }),
}: {
  begin?: (name: string) => Promise<TotpEnrolment>;
  confirm?: (payload: { id: string; code: string }) => Promise<FactorAdded>;
} = {}) {
  const told = vi.fn();
  const begins = vi.fn(begin);
  const confirms = vi.fn(confirm);
  const machine = authenticatorEnrolmentMachine.provide({
    actors: {
      start: fromPromise<TotpEnrolment, string>(({ input }) => begins(input)),
      form: authenticatorCodeForm.provide({
        actors: { submit: fromPromise(({ input }) => confirms(input as { id: string; code: string })) },
      }),
    },
  });
  const { refs } = stubRefs({}, { session: (event) => told(event) });
  const actor = createActor(machine, { input: { ...refs, name: 'Authenticator app' } }).start();
  const form = () => {
    const child = actor.getSnapshot().children.form;
    if (!child) throw new Error('no code form');
    return child;
  };
  const errorLine = () => actor.getSnapshot().children.errorLine?.getSnapshot().context.error ?? null;
  return { actor, told, begins, confirms, form, errorLine };
}

describe('adding an authenticator app', () => {
  it('asks the server for a secret with the name, then confirms it with the first code and shows the recovery codes once', async () => {
    const { actor, begins, confirms, form } = start();
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.matches('confirming'));
    expect(begins.mock.calls).toEqual([['Authenticator app']]);
    expect(actor.getSnapshot().context.enrolment).toEqual(enrolment);
    form().send({ type: 'field.change', name: 'code', value: '123 456' });
    form().send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('recoveryCodes'));
    expect(confirms.mock.calls).toEqual([[{ id: 'f1', code: '123 456' }]]);
    expect(actor.getSnapshot().context.recoveryCodes).toEqual(['abcd-2345', 'efgh-6789']);
    actor.send({ type: 'enrolment.finish' });
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('ends at once when the account had a factor already (no new recovery codes)', async () => {
    const { actor, form } = start({ confirm: async () => ({ factor }) });
    await waitFor(actor, (snapshot) => snapshot.matches('confirming'));
    form().send({ type: 'field.change', name: 'code', value: '123456' });
    form().send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
  });

  it('keeps a wrong code in the form with the server words', async () => {
    const { actor, form } = start({
      confirm: async () => {
        throw new ApiError('http', { status: 403, reason: 'The code is wrong.', problem: 'invalid-code' });
      },
    });
    await waitFor(actor, (snapshot) => snapshot.matches('confirming'));
    form().send({ type: 'field.change', name: 'code', value: '000000' });
    form().send({ type: 'form.submit' });
    await waitFor(
      form(),
      (snapshot) => snapshot.matches('editing') && snapshot.children.errorLine?.getSnapshot().context.error !== null,
    );
    expect(form().getSnapshot().children.errorLine?.getSnapshot().context.error).toEqual({
      key: 'server',
      reason: 'The code is wrong.',
    });
    expect(actor.getSnapshot().matches('confirming')).toBe(true);
  });

  it('tells why no secret was made, and tries again on request', async () => {
    const answers: (() => Promise<TotpEnrolment>)[] = [
      async () => {
        throw new ApiError('http', {
          status: 403,
          reason: 'Please confirm that it is you.',
          problem: 'reauth-required',
        });
      },
      async () => enrolment,
    ];
    const { actor, errorLine } = start({ begin: () => (answers.shift() ?? (async () => enrolment))() });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(errorLine()).toEqual({ key: 'server', reason: 'Please confirm that it is you.' });
    actor.send({ type: 'enrolment.retry' });
    await waitFor(actor, (snapshot) => snapshot.matches('confirming'));
  });

  it('ends the session when the secret is answered 401', async () => {
    const { actor, told } = start({
      begin: async () => {
        throw new ApiError('http', { status: 401 });
      },
    });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(told.mock.calls).toEqual([[{ type: 'session.expired' }]]);
  });

  it('takes six digits only', () => {
    expect(validateCode({ code: '' })).toEqual({ code: 'required' });
    expect(validateCode({ code: '12a456' })).toEqual({ code: 'invalid' });
    expect(validateCode({ code: '123 456' })).toEqual({});
  });
});
