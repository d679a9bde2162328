import { startForm } from '../support/machines';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import { ApiError } from '../../src/api/client';
import { contactMachine, fullName, isSpam, type ContactValues } from '../../src/machines/contact.machine';
import { db } from '../../src/mocks/db';
import { mock, server } from '../../src/mocks/node';

const filled: Partial<ContactValues> = {
  name: 'Erika Muster',
  email: 'erika@example.com',
  message: 'My backup job fails.',
};

/** The machine with its real call (the mock API behind it) unless a call is given. */
function start(options: Parameters<typeof startForm<ContactValues>>[1] = {}) {
  return startForm(contactMachine, options);
}

function countRequests() {
  const seen: string[] = [];
  server.events.on('request:start', ({ request }) => {
    seen.push(`${request.method} ${new URL(request.url).pathname}`);
  });
  return seen;
}

describe('the contact form machine', () => {
  afterEach(() => {
    server.events.removeAllListeners();
    vi.useRealTimers();
  });

  it('starts editing with empty fields and an empty anti-spam field', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.values).toEqual({ name: '', email: '', message: '', website: '' });
  });

  it('refuses to send without name, a valid email and a message, and names each field', () => {
    const requests = countRequests();
    const { actor } = start({ values: { email: 'not-an-address' } });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ name: 'required', email: 'email', message: 'required' });
    actor.send({ type: 'field.change', name: 'name', value: 'Erika' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ email: 'email', message: 'required' });
    expect(requests).toEqual([]);
  });

  it('sends the message to POST /contact, is busy meanwhile, and reports success', async () => {
    const { actor, tellApp, navigate } = start({ values: filled });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.hasTag('done'));
    expect(tellApp).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
    expect(db.contactMessage.getAll()).toEqual([
      expect.objectContaining({ name: 'Erika Muster', email: 'erika@example.com', message: 'My backup job fails.' }),
    ]);
    expect(mock.outbox().at(-1)).toEqual(
      expect.objectContaining({ subject: 'Contact form: Erika Muster <erika@example.com>' }),
    );
  });

  it('sends the name and the email trimmed, and the message as typed', async () => {
    const { actor } = start({
      values: { ...filled, name: '  Erika Muster ', email: ' erika@example.com  ', message: '  Line one\n' },
    });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.hasTag('done'));
    expect(db.contactMessage.getAll()).toEqual([
      expect.objectContaining({ name: 'Erika Muster', email: 'erika@example.com', message: '  Line one\n' }),
    ]);
  });

  it('goes back to editing with the sent values after success when asked', async () => {
    const { actor } = start({ values: filled });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.hasTag('done'));
    actor.send({ type: 'form.edit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.values.message).toBe('My backup job fails.');
  });

  it('shows ANTISPAM and sends nothing when the anti-spam field is filled', async () => {
    const requests = countRequests();
    const { actor, errorLine } = start({ values: { ...filled, website: 'http://spam.example' } });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(errorLine()).toEqual({ key: 'antispam' });
    expect(requests).toEqual([]);
    expect(db.contactMessage.getAll()).toEqual([]);
    expect(actor.getSnapshot().hasTag('done')).toBe(false);
  });

  it('tells spam by the anti-spam field alone', () => {
    expect(isSpam({ website: '' })).toBe(false);
    expect(isSpam({ website: ' ' })).toBe(true);
  });

  it('keeps every value and shows the general error when the server fails', async () => {
    mock.fault('POST /contact', 'http500');
    const { actor, errorLine } = start({ values: filled });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('editing') && errorLine() !== null);
    expect(errorLine()).toEqual({ key: 'general' });
    expect(actor.getSnapshot().context.values).toEqual({ ...filled, website: '' });
  });

  it('shows the network message when the server cannot be reached', async () => {
    mock.fault('POST /contact', 'network');
    const { actor, errorLine } = start({ values: filled });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, () => errorLine() !== null);
    expect(errorLine()).toEqual({ key: 'network' });
  });

  it('reports a 401 to the session', async () => {
    const { actor, sessionInterrupted, errorLine } = start({
      values: filled,
      submit: async () => {
        throw new ApiError('http', { status: 401 });
      },
    });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('editing') && errorLine() !== null);
    expect(sessionInterrupted).toHaveBeenCalledOnce();
    expect(errorLine()).toEqual({ key: 'sessionExpired' });
  });

  it('gives up after 120 seconds with the timeout message and clears it after 30 more', async () => {
    vi.useFakeTimers();
    const { actor, errorLine } = start({ values: filled, submit: () => new Promise(() => {}) });
    actor.send({ type: 'form.submit' });
    vi.advanceTimersByTime(119_999);
    expect(actor.getSnapshot().matches('submitting')).toBe(true);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toBe('editing');
    expect(errorLine()).toEqual({ key: 'timeout' });
    vi.advanceTimersByTime(30_000);
    expect(errorLine()).toBeNull();
  });
});

describe('the contact machine: the logged-in customer', () => {
  const user = {
    email: 'demo@example.com',
    language: 'en' as const,
    notifications: true,
    firstname: 'Erika',
    lastname: 'Muster',
    phone: null,
    company_number: 'K-10001',
    products: [],
  };

  it("fills name and email from the session's user as the form opens", () => {
    const { actor } = start({ session: { user } });
    expect(actor.getSnapshot().context.values).toMatchObject({
      name: 'Erika Muster',
      email: 'demo@example.com',
      message: '',
    });
  });

  it("fills name and email when the session's GET /me answers after the form opened", async () => {
    // Logged in, but the user could not be loaded yet.
    const { actor, session } = start({ session: { user: null } });
    expect(actor.getSnapshot().context.values).toMatchObject({ name: '', email: '' });
    session.loadUser.mockResolvedValue(user);
    session.session.send({ type: 'user.retry' });
    await waitFor(actor, (snapshot) => snapshot.context.values.email !== '');
    expect(actor.getSnapshot().context.values).toMatchObject({ name: 'Erika Muster', email: 'demo@example.com' });
  });

  it('keeps what the customer typed and fills only the fields left empty', () => {
    const { actor } = start();
    actor.send({ type: 'field.change', name: 'name', value: 'E. M.' });
    actor.send({ type: 'user.known', user });
    expect(actor.getSnapshot().context.values).toMatchObject({ name: 'E. M.', email: 'demo@example.com' });
    actor.send({ type: 'field.change', name: 'email', value: '' });
    actor.send({ type: 'user.known', user: { ...user, firstname: '', lastname: null } });
    expect(actor.getSnapshot().context.values).toMatchObject({ name: 'E. M.', email: 'demo@example.com' });
  });
});

describe("the customer's name for the prefill", () => {
  it('joins first and last name, leaving out a part that is missing or blank', () => {
    expect(fullName({ firstname: 'Erika', lastname: 'Muster' })).toBe('Erika Muster');
    expect(fullName({ firstname: '  ', lastname: 'Muster' })).toBe('Muster');
    expect(fullName({ firstname: 'Erika', lastname: null })).toBe('Erika');
    expect(fullName({ firstname: null, lastname: null })).toBe('');
  });
});
