import { afterEach, describe, expect, it, vi } from 'vitest';
import { changePassword, forgotPassword, me } from '../../src/api/auth';
import { register } from '../../src/api/registration';
import { getCompany } from '../../src/api/company';
import { findAccountByEmail, findCompany } from '../../src/mocks/db';
import { mock } from '../../src/mocks/node';
import { apiError, loginAs, registration, SEED_PASSWORD, seedEmails, send, setClock } from '../support/mock-api';

afterEach(() => vi.useRealTimers());

function postRaw(path: string, body: unknown) {
  return send('POST', path, body);
}

describe('registration', () => {
  it('creates a pending account, answers done and mails that the registration was received', async () => {
    await expect(register(registration())).resolves.toBeUndefined();
    expect(mock.pendingAccounts().map((account) => account.email)).toContain('new@example.com');
    expect(mock.outbox().at(-1)).toMatchObject({
      to: 'new@example.com',
      subject: 'We have received your registration',
    });
    await expect(loginAs('new@example.com', 'Correct-Horse-Battery-9')).resolves.toEqual({ is_active: false });
  });

  it('goes from registration through activation to a login with the address in the company', async () => {
    await register(registration());
    expect(mock.activate('new@example.com')).toBe(true);
    expect(mock.outbox().at(-1)).toMatchObject({
      to: 'new@example.com',
      subject: 'Your account has been activated',
      link: '/login',
    });
    await expect(loginAs('new@example.com', 'Correct-Horse-Battery-9')).resolves.toEqual({ is_active: true });
    const company = await getCompany();
    expect(company).toMatchObject({
      name: 'Neu IT GmbH',
      street: 'Am Kai 3',
      postcode: '20457',
      city: 'Hamburg',
      country: 'DE',
      company_number: 'K-10002',
      pending_name: null,
      pending_street: null,
      has_product_count: 0,
    });
    expect((await me()).company_number).toBe('K-10002');
  });

  it('keeps the address in pending fields and the name empty until activation copies them over', async () => {
    const account = findAccountByEmail(seedEmails.pending);
    expect(findCompany(account?.id ?? '')).toMatchObject({
      name: null,
      city: null,
      pending_name: 'Wartend & Co. KG',
      pending_city: 'Hamburg',
    });
    mock.activate(seedEmails.pending);
    await loginAs(seedEmails.pending);
    await expect(getCompany()).resolves.toMatchObject({
      name: 'Wartend & Co. KG',
      city: 'Hamburg',
      pending_city: null,
    });
  });

  it('refuses an email address that is already registered with 409, whatever its letter case', async () => {
    const error = await apiError(register(registration({ email: 'DEMO@example.com' })));
    expect(error).toMatchObject({ status: 409, reason: 'This email address is already registered' });
  });

  it.each([
    [
      { password: 'Short-Pass-1' },
      'The password must be longer than 15 characters and contain lower and upper case letters and at least one number.',
    ],
    [
      { password: 'all-lower-case-password-1' },
      'The password must be longer than 15 characters and contain lower and upper case letters and at least one number.',
    ],
    [{ pending_country: 'AT' }, 'The country must be DE, FR or LUX.'],
    [{ pending_street: ' ' }, 'The street is required.'],
    [{ firstname: '' }, 'The first name is required.'],
    [{ email: 'not-an-email' }, 'The email address is not a valid email address.'],
    [{ pending_postcode: '1234' }, 'The postcode does not fit the country DE.'],
  ])('refuses %o with 400 and a sentence naming the field', async (overrides, reason) => {
    const result = await postRaw('/register/company', registration(overrides));
    expect(result).toEqual({ status: 400, body: { status: 'error', reason } });
  });

  it('refuses a payload with a missing field or an extra field', async () => {
    const { lastname: _lastname, ...withoutLastname } = registration();
    expect((await postRaw('/register/company', withoutLastname)).body).toEqual({
      status: 'error',
      reason: 'The last name is missing.',
    });
    const extra = await postRaw('/register/company', { ...registration(), role: 'admin' });
    expect(extra).toEqual({
      status: 400,
      body: { status: 'error', reason: 'The field "role" is not part of this request.' },
    });
  });
});

describe('forgotten password', () => {
  /** The email and token of the newest mailed reset link. */
  function resetLink() {
    const url = new URL(mock.outbox().at(-1)?.link ?? '', 'https://portal.example');
    return { email: url.searchParams.get('email') ?? '', token: url.searchParams.get('token') ?? '' };
  }

  it('mails a relative link to the new-password page with email and token', async () => {
    await forgotPassword({ email: seedEmails.demo });
    // In the request's language (decision 039), whatever the account's: the page here speaks none, so English.
    expect(mock.outbox().at(-1)).toMatchObject({ to: seedEmails.demo, subject: 'Set a new password' });
    expect(mock.outbox().at(-1)?.link).toMatch(/^\/newpassword\?email=demo%40example\.com&token=[A-Za-z0-9]{32}$/);
    expect(resetLink().email).toBe(seedEmails.demo);
  });

  it('answers done for an unknown address too, and sends nothing', async () => {
    const before = mock.outbox().length;
    await expect(forgotPassword({ email: 'nobody@example.com' })).resolves.toBeUndefined();
    expect(mock.outbox()).toHaveLength(before);
  });

  it('sets the new password once; the old one stops working and the link is used up', async () => {
    await forgotPassword({ email: seedEmails.demo });
    const { email, token } = resetLink();
    const password = 'Brand-New-Password-42';
    await expect(changePassword({ email, token, password, language: 'en' })).resolves.toBeUndefined();
    expect((await apiError(loginAs(seedEmails.demo, SEED_PASSWORD))).status).toBe(403);
    await expect(loginAs(seedEmails.demo, password)).resolves.toEqual({ is_active: true });
    const again = await apiError(changePassword({ email, token, password: 'Another-Password-43', language: 'en' }));
    expect(again).toMatchObject({ status: 400, reason: 'This link is invalid or has expired' });
  });

  it('accepts the link until one hour has passed and refuses it after', async () => {
    setClock('2026-11-22T10:00:00Z');
    await forgotPassword({ email: seedEmails.demo });
    const { email, token } = resetLink();
    vi.setSystemTime(new Date('2026-11-22T11:00:00Z'));
    const expired = await apiError(changePassword({ email, token, password: 'Brand-New-Password-42', language: 'en' }));
    expect(expired).toMatchObject({ status: 400, reason: 'This link is invalid or has expired' });
  });

  it('accepts the link just before the hour is over', async () => {
    setClock('2026-11-22T10:00:00Z');
    await forgotPassword({ email: seedEmails.demo });
    const { email, token } = resetLink();
    vi.setSystemTime(new Date('2026-11-22T10:59:59Z'));
    await expect(
      changePassword({ email, token, password: 'Brand-New-Password-42', language: 'en' }),
    ).resolves.toBeUndefined();
  });

  it('refuses a token for another email address and an unknown token', async () => {
    await forgotPassword({ email: seedEmails.demo });
    const { token } = resetLink();
    const wrongEmail = await apiError(
      changePassword({ email: seedEmails.fresh, token, password: 'Brand-New-Password-42', language: 'en' }),
    );
    expect(wrongEmail).toMatchObject({ status: 400, reason: 'This link is invalid or has expired' });
    const unknown = await apiError(
      changePassword({ email: seedEmails.demo, token: 'nope', password: 'Brand-New-Password-42', language: 'en' }),
    );
    expect(unknown.status).toBe(400);
  });

  it('only honours the newest link when several were requested', async () => {
    await forgotPassword({ email: seedEmails.demo });
    const first = resetLink();
    await forgotPassword({ email: seedEmails.demo });
    const stale = await apiError(changePassword({ ...first, password: 'Brand-New-Password-42', language: 'en' }));
    expect(stale.status).toBe(400);
    await expect(
      changePassword({ ...resetLink(), password: 'Brand-New-Password-42', language: 'en' }),
    ).resolves.toBeUndefined();
  });

  it('refuses a new password that breaks the policy with 400', async () => {
    await forgotPassword({ email: seedEmails.demo });
    const { email, token } = resetLink();
    const result = await postRaw('/changepassword', { email, token, password: 'tooshort', language: 'en' });
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ reason: expect.stringContaining('longer than 15 characters') });
  });

  it('ends the sessions of the account when the password changes', async () => {
    await loginAs();
    await forgotPassword({ email: seedEmails.demo });
    await changePassword({ ...resetLink(), password: 'Brand-New-Password-42', language: 'en' });
    expect((await apiError(me())).status).toBe(401);
  });
});
