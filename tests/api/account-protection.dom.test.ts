/**
 * The portal's calls of account protection (issue 44) against the mock's real handlers: the
 * login's second step by code, recovery code and passkey, the passkey sign-in, the security page's
 * reads and changes; and the browser side of passkeys (src/api/v1-1/webauthn.ts) with a stand-in
 * for the browser's WebAuthn that signs with the software authenticator of the mock's tests.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { me } from '../../src/api/auth';
import { apiUrl, ApiError } from '../../src/api/client';
import { login } from '../../src/api/login';
import { forgetServerOffer } from '../../src/api/server-version';
import {
  confirmAuthenticator,
  endSessions,
  addPasskey,
  getSecurityOverview,
  removeFactor,
  renewRecoveryCodes,
  startAuthenticator,
} from '../../src/api/v1-1/security';
import { sendSecondStep, signInWithPasskey } from '../../src/api/v1-1/sign-in';
import {
  conditionalSignInSupported,
  fromBase64url,
  passkeyAssertion,
  passkeysSupported,
  newPasskey,
  toBase64url,
} from '../../src/api/v1-1/webauthn';
import { confirmFreshSignIn, loadFreshSignInMethods } from '../../src/api/v1-1/reauth';
import { db, findAccountByEmail } from '../../src/mocks/db';
import { mock } from '../../src/mocks/node';
import { startSession } from '../../src/mocks/session';
import { codeAt } from '../../src/mocks/v1-1/totp';
import { createCustomer, type Customer } from '../support/customers';
import { apiError, loginAs } from '../support/mock-api';
import { softwareAuthenticator, type SoftwareAuthenticator } from '../support/software-authenticator';

const origin = new URL(apiUrl('')).origin;

beforeEach(() => {
  mock.setApiVersion('v1.1');
  forgetServerOffer();
});

/** The ticket of a protected customer's password. */
async function ticketOf(customer: Customer): Promise<string> {
  const answer = await login({ email: customer.email, password: customer.password, language: 'en' });
  const ticket = answer.second_factor?.ticket;
  if (!ticket) throw new Error('no second step was asked for');
  return ticket;
}

describe('the second step of a login', () => {
  it('opens the session with the app code, spaces as the app shows them', async () => {
    const customer = createCustomer();
    const { secret } = await mock.protectWithAuthenticator(customer.email);
    const answer = await login({ email: customer.email, password: customer.password, language: 'en' });
    expect(answer).toMatchObject({
      is_active: true,
      second_factor: { methods: ['totp', 'recovery'], expires_in: 300 },
    });
    expect((await apiError(me())).status).toBe(401);
    const code = codeAt(secret, Date.now());
    const ticket = answer.second_factor?.ticket ?? '';
    await sendSecondStep({
      ticket,
      method: 'totp',
      code: `${code.slice(0, 3)} ${code.slice(3)}`,
      passkeyOptions: undefined,
    });
    expect((await me()).email).toBe(customer.email);
  });

  it('opens the session with a recovery code as typed, and refuses it a second time', async () => {
    const customer = createCustomer();
    const { recoveryCodes } = await mock.protectWithAuthenticator(customer.email);
    const recovery = ` ${recoveryCodes[0] ?? ''} `;
    await sendSecondStep({
      ticket: await ticketOf(customer),
      method: 'recovery',
      code: recovery,
      passkeyOptions: undefined,
    });
    expect((await me()).email).toBe(customer.email);
    const again = await apiError(
      sendSecondStep({
        ticket: await ticketOf(customer),
        method: 'recovery',
        code: recovery,
        passkeyOptions: undefined,
      }),
    );
    expect(again).toMatchObject({ status: 403, problem: 'invalid-code' });
  });

  it('reads an ended ticket as the problem the login machine goes back on', async () => {
    const customer = createCustomer();
    await mock.protectWithAuthenticator(customer.email);
    const ticket = await ticketOf(customer);
    mock.expireLoginTickets(customer.email);
    const refused = await apiError(
      sendSecondStep({ ticket, method: 'totp', code: '123456', passkeyOptions: undefined }),
    );
    expect(refused).toMatchObject({ status: 403, problem: 'ticket-expired' });
  });
});

describe('base64url', () => {
  it('turns bytes into text and back, without padding', () => {
    for (const bytes of [[1], [1, 2], [1, 2, 3], [251, 255, 191, 0]]) {
      const text = toBase64url(Uint8Array.from(bytes).buffer);
      expect(text).not.toMatch(/[=+/]/);
      expect([...new Uint8Array(fromBase64url(text ?? ''))]).toEqual(bytes);
    }
    expect(toBase64url(Uint8Array.from([251, 255, 191]).buffer)).toBe('-_-_');
    expect(toBase64url(null)).toBeNull();
  });
});

/** The page's navigator with the test's own `credentials` (a property the DOM defines only to read). */
function navigatorWith(
  credentials: Partial<Record<'get' | 'create', (options: never) => Promise<unknown>>>,
): Navigator {
  return Object.create(navigator, { credentials: { value: credentials, enumerable: true } }) as Navigator;
}

/** A stand-in for the browser's WebAuthn that answers with `authenticator`, as the browser's own would. */
function browserWith(authenticator: SoftwareAuthenticator, options: { parses?: boolean; json?: boolean } = {}) {
  const { parses = false, json = true } = options;
  const asked: CredentialRequestOptions[] = [];
  class AssertionResponse {
    constructor(
      readonly clientDataJSON: ArrayBuffer,
      readonly authenticatorData: ArrayBuffer,
      readonly signature: ArrayBuffer,
      readonly userHandle: ArrayBuffer | null,
    ) {}
  }
  class Credential {
    readonly type = 'public-key';
    readonly authenticatorAttachment = 'platform';
    constructor(
      readonly id: string,
      readonly rawId: ArrayBuffer,
      readonly response: AssertionResponse,
      readonly assertion: unknown,
    ) {}
    getClientExtensionResults() {
      return {};
    }
    static isConditionalMediationAvailable = async () => true;
  }
  if (json)
    Object.assign(Credential.prototype, {
      toJSON(this: Credential) {
        return this.assertion;
      },
    });
  if (parses) {
    Object.assign(Credential, {
      parseRequestOptionsFromJSON: (given: { challenge: string; rpId?: string }) => ({
        ...given,
        parsedByTheBrowser: true,
      }),
    });
  }
  vi.stubGlobal('PublicKeyCredential', Credential);
  vi.stubGlobal('AuthenticatorAssertionResponse', AssertionResponse);
  const get = vi.fn(async (request: CredentialRequestOptions) => {
    asked.push(request);
    const publicKey = request.publicKey as unknown as { challenge: ArrayBuffer | string; rpId?: string };
    const challenge = typeof publicKey.challenge === 'string' ? publicKey.challenge : toBase64url(publicKey.challenge);
    const assertion = await authenticator.assert({ challenge: challenge ?? '', rpId: publicKey.rpId }, origin);
    const bytes = (text: string | null | undefined) => (text ? fromBase64url(text) : null);
    const response = new AssertionResponse(
      bytes(assertion.response.clientDataJSON) ?? new ArrayBuffer(0),
      bytes(assertion.response.authenticatorData) ?? new ArrayBuffer(0),
      bytes(assertion.response.signature) ?? new ArrayBuffer(0),
      bytes(assertion.response.userHandle),
    );
    return new Credential(assertion.id, fromBase64url(assertion.rawId), response, assertion);
  });
  vi.stubGlobal('navigator', navigatorWith({ get }));
  return { asked, get };
}

afterEach(() => vi.unstubAllGlobals());

/** A logged-in customer who adds a passkey of `authenticator`, then logs out. */
async function withPasskey(authenticator: SoftwareAuthenticator): Promise<Customer> {
  const customer = createCustomer();
  await loginAs(customer.email, customer.password);
  const call = async (path: string, body?: unknown) =>
    fetch(`${apiUrl('').replace(/\/v1\/?$/, '/v1.1')}${path}`, {
      method: 'POST',
      headers: {
        'X-Portal-Request': '1',
        'Content-Type': 'application/json',
        'Idempotency-Key': `"${crypto.randomUUID()}"`,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const options = (await (await call('/account/passkeys/options')).json()) as {
    challenge: string;
    rp: { id?: string };
  };
  const added = await call('/account/passkeys', {
    name: 'Laptop',
    credential: await authenticator.register(options, origin),
  });
  expect(added.status).toBe(201);
  await call('/logout');
  return customer;
}

describe('passkeys in the browser', () => {
  it('are not offered by a browser without WebAuthn', async () => {
    expect(passkeysSupported()).toBe(false);
    expect(await conditionalSignInSupported()).toBe(false);
  });

  it('are offered, with the suggestions, by a browser with WebAuthn on a domain', async () => {
    browserWith(await softwareAuthenticator());
    expect(passkeysSupported()).toBe(true);
    expect(await conditionalSignInSupported()).toBe(true);
  });

  it('refuses options that are not the standard ones as an answer it cannot read', async () => {
    browserWith(await softwareAuthenticator());
    expect(await apiError(passkeyAssertion({ challenge: 3 }))).toMatchObject({ kind: 'invalid-answer' });
  });

  it('reads the options itself where the browser cannot, and sends the assertion the browser made', async () => {
    const authenticator = await softwareAuthenticator();
    const customer = await withPasskey(authenticator);
    const { asked } = browserWith(authenticator, { json: false });
    await signInWithPasskey({ conditional: true });
    expect((await me()).email).toBe(customer.email);
    expect(asked).toHaveLength(1);
    expect(asked[0]?.mediation).toBe('conditional');
    const publicKey = asked[0]?.publicKey;
    expect(publicKey?.challenge).toBeInstanceOf(ArrayBuffer);
    expect(publicKey?.userVerification).toBe('required');
    expect(publicKey?.allowCredentials).toEqual([]);
  });

  it('leaves the options to a browser that reads them', async () => {
    const authenticator = await softwareAuthenticator();
    const customer = await withPasskey(authenticator);
    const { asked } = browserWith(authenticator, { parses: true });
    await signInWithPasskey();
    expect((await me()).email).toBe(customer.email);
    expect(asked[0]).not.toHaveProperty('mediation');
    expect(asked[0]?.publicKey).toMatchObject({ parsedByTheBrowser: true });
  });

  it('confirms the second step with a passkey of the account', async () => {
    const authenticator = await softwareAuthenticator();
    const customer = await withPasskey(authenticator);
    browserWith(authenticator);
    const answer = await login({ email: customer.email, password: customer.password, language: 'en' });
    expect(answer.second_factor?.methods).toEqual(['passkey', 'recovery']);
    await sendSecondStep({
      ticket: answer.second_factor?.ticket ?? '',
      method: 'passkey',
      code: '',
      passkeyOptions: answer.second_factor?.passkey_options,
    });
    expect((await me()).email).toBe(customer.email);
  });

  it('decodes the challenge and the allowed passkeys itself, keeping only the transports the browser knows', async () => {
    const authenticator = await softwareAuthenticator();
    const { asked } = browserWith(authenticator, { json: false });
    const controller = new AbortController();
    const assertion = await passkeyAssertion(
      {
        challenge: '-_-_',
        rpId: 'localhost',
        timeout: 60_000,
        userVerification: 'preferred',
        allowCredentials: [
          { id: 'AQID', type: 'public-key', transports: ['usb', 'carrier-pigeon', 'hybrid', 'ble', 'nfc', 'internal'] },
          { id: 'BAUG', type: 'public-key' },
        ],
      },
      { signal: controller.signal },
    );
    const publicKey = asked[0]?.publicKey;
    expect([...new Uint8Array(publicKey?.challenge as ArrayBuffer)]).toEqual([251, 255, 191]);
    expect(publicKey).toMatchObject({ rpId: 'localhost', timeout: 60_000, userVerification: 'preferred' });
    const allowed = publicKey?.allowCredentials ?? [];
    expect(allowed.map((credential) => [...new Uint8Array(credential.id as ArrayBuffer)])).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
    expect(allowed[0]?.transports).toEqual(['usb', 'hybrid', 'ble', 'nfc', 'internal']);
    expect(allowed[1]).not.toHaveProperty('transports');
    expect(asked[0]?.signal).toBe(controller.signal);
    expect(asked[0]).not.toHaveProperty('mediation');
    // What the browser made, as toJSON() gives it.
    expect(assertion).toMatchObject({
      type: 'public-key',
      id: authenticator.credentialId,
      rawId: authenticator.credentialId,
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: { clientDataJSON: expect.stringMatching(/^[\w-]+$/), signature: expect.stringMatching(/^[\w-]+$/) },
    });
  });

  it('leaves out what the options do not say, and refuses a user verification the standard does not know', async () => {
    const { asked } = browserWith(await softwareAuthenticator(), { json: false });
    await passkeyAssertion({ challenge: 'AQID' });
    expect(Object.keys(asked[0]?.publicKey ?? {}).sort()).toEqual(['allowCredentials', 'challenge']);
    expect(await apiError(passkeyAssertion({ challenge: 'AQID', userVerification: 'sometimes' }))).toMatchObject({
      kind: 'invalid-answer',
    });
    for (const userVerification of ['required', 'discouraged']) {
      await passkeyAssertion({ challenge: 'AQID', userVerification });
    }
    expect(await apiError(passkeyAssertion({ challenge: 'AQID', allowCredentials: [{ id: 1 }] }))).toMatchObject({
      kind: 'invalid-answer',
    });
  });

  it('offers no suggestions where the browser cannot say whether it has them', async () => {
    browserWith(await softwareAuthenticator());
    Object.assign(globalThis.PublicKeyCredential, {
      isConditionalMediationAvailable: async () => {
        throw new Error('not here');
      },
    });
    expect(await conditionalSignInSupported()).toBe(false);
  });

  it('reads an answer that is no assertion as the browser refusal', async () => {
    const authenticator = await softwareAuthenticator();
    browserWith(authenticator, { json: false });
    const Credential = globalThis.PublicKeyCredential as unknown as new (...args: unknown[]) => unknown;
    vi.stubGlobal(
      'navigator',
      navigatorWith({ get: async () => new Credential('x', new ArrayBuffer(1), { signature: 'no' }, null) }),
    );
    const failure = await passkeyAssertion({ challenge: 'AAAA' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DOMException);
    expect((failure as DOMException).name).toBe('NotAllowedError');
  });

  it('turns a browser that gives no passkey into the browser refusal', async () => {
    browserWith(await softwareAuthenticator());
    vi.stubGlobal('navigator', navigatorWith({ get: async () => null }));
    const failure = await passkeyAssertion({ challenge: 'AAAA' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DOMException);
    expect((failure as DOMException).name).toBe('NotAllowedError');
  });

  it('passes a refusal of the server on as the portal reads refusals', async () => {
    browserWith(await softwareAuthenticator());
    const refused = await apiError(signInWithPasskey());
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 403, problem: 'passkey-refused' });
  });
});

describe('the security page calls', () => {
  it('read the protection and the sessions, end one session and then all others', async () => {
    const customer = createCustomer();
    const account = findAccountByEmail(customer.email);
    await loginAs(customer.email, customer.password);
    startSession(
      account?.id ?? '',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Version/18.0 Safari/605.1.15',
    );
    startSession(account?.id ?? '', null);
    const read = await getSecurityOverview();
    expect(read.protection).toEqual({ factors: [], recovery_codes_left: 0, second_factor_required: false });
    expect(read.sessions).toHaveLength(3);
    expect(read.sessions.filter((session) => session.current)).toHaveLength(1);
    const other = read.sessions.find((session) => !session.current);
    await endSessions({ id: other?.id ?? '' });
    expect((await getSecurityOverview()).sessions).toHaveLength(2);
    await endSessions('others');
    const left = await getSecurityOverview();
    expect(left.sessions.map((session) => session.current)).toEqual([true]);
    expect(db.session.count({ where: { accountId: { equals: account?.id ?? '' } } })).toBe(1);
  });

  it('add an authenticator with its first code, and give recovery codes with the first factor only', async () => {
    const customer = createCustomer();
    await loginAs(customer.email, customer.password);
    const first = await startAuthenticator('Phone');
    expect(first.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(first.otpauth_uri).toMatch(/^otpauth:\/\/totp\//);
    const added = await confirmAuthenticator(first.id, codeAt(first.secret, Date.now()));
    expect(added.factor).toMatchObject({ name: 'Phone', type: 'totp' });
    expect(added.recovery_codes).toHaveLength(10);
    const second = await startAuthenticator('Tablet');
    const wrong = await apiError(confirmAuthenticator(second.id, '000000'));
    expect(wrong.status).toBe(403);
    // As apps show it, in two groups.
    const now = codeAt(second.secret, Date.now());
    const also = await confirmAuthenticator(second.id, `${now.slice(0, 3)} ${now.slice(3)}`);
    expect(also.recovery_codes).toBeUndefined();
    expect((await getSecurityOverview()).protection.factors.map((factor) => factor.name)).toEqual(['Phone', 'Tablet']);
  });

  it('remove a factor, the recovery codes with the last one, and renew the codes while one protects', async () => {
    const customer = createCustomer();
    await loginAs(customer.email, customer.password);
    const { recoveryCodes } = await mock.protectWithAuthenticator(customer.email);
    const renewed = await renewRecoveryCodes();
    expect(renewed).toHaveLength(10);
    expect(renewed.filter((code) => recoveryCodes.includes(code))).toEqual([]);
    const [factor] = (await getSecurityOverview()).protection.factors;
    await removeFactor(factor?.id ?? '');
    expect((await getSecurityOverview()).protection).toMatchObject({ factors: [], recovery_codes_left: 0 });
    const none = await apiError(renewRecoveryCodes());
    expect(none.reason).toBe('Recovery codes stand in for a second factor: add one first.');
  });

  it.each([
    { json: true, what: "the browser's own JSON" },
    { json: false, what: 'the portal encoding the new passkey' },
  ])('add a passkey named by the customer, with $what, and give the first factor recovery codes', async ({ json }) => {
    const authenticator = await softwareAuthenticator();
    class AttestationResponse {
      constructor(
        readonly clientDataJSON: ArrayBuffer,
        readonly attestationObject: ArrayBuffer,
      ) {}
      getTransports() {
        return ['internal'];
      }
    }
    class Credential {
      readonly type = 'public-key';
      readonly authenticatorAttachment = 'platform';
      constructor(
        readonly id: string,
        readonly rawId: ArrayBuffer,
        readonly response: AttestationResponse,
        readonly registration: unknown,
      ) {}
      getClientExtensionResults() {
        return {};
      }
    }
    if (json) Object.assign(Credential.prototype, { toJSON: (): unknown => undefined });
    const created: CredentialCreationOptions[] = [];
    vi.stubGlobal('PublicKeyCredential', Credential);
    vi.stubGlobal('AuthenticatorAttestationResponse', AttestationResponse);
    const create = vi.fn(async (request: CredentialCreationOptions) => {
      created.push(request);
      const publicKey = request.publicKey as PublicKeyCredentialCreationOptions;
      const challenge = toBase64url(publicKey.challenge as ArrayBuffer) ?? '';
      const registration = await authenticator.register({ challenge, rp: { id: publicKey.rp.id } }, origin);
      const credential = new Credential(
        registration.id,
        fromBase64url(registration.rawId),
        new AttestationResponse(
          fromBase64url(registration.response.clientDataJSON),
          fromBase64url(registration.response.attestationObject),
        ),
        registration,
      );
      if (json) Object.assign(credential, { toJSON: () => registration });
      return credential;
    });
    vi.stubGlobal('navigator', navigatorWith({ create }));
    const customer = createCustomer();
    await loginAs(customer.email, customer.password);
    const added = await addPasskey('Work laptop');
    expect(added.factor).toMatchObject({ name: 'Work laptop', type: 'passkey' });
    expect(added.recovery_codes).toHaveLength(10);
    // The server's options, decoded by the portal: the user's id and the challenge as bytes.
    const publicKey = created[0]?.publicKey;
    expect(publicKey?.user.id).toBeInstanceOf(ArrayBuffer);
    expect(publicKey?.pubKeyCredParams.every((param) => param.type === 'public-key')).toBe(true);
    // A second passkey of the same authenticator is excluded by the server's options.
    await addPasskey('Again').catch(() => undefined);
    expect(created[1]?.publicKey?.excludeCredentials?.length).toBe(1);
  });

  it('decode the server options for a new passkey as the standard reads them, and encode the passkey the same way', async () => {
    const options = {
      challenge: 'AQID',
      rp: { name: 'Cloud Backup', id: 'localhost' },
      user: { id: 'BAUG', name: 'kunde@example.com', displayName: 'Kim Kunde' },
      pubKeyCredParams: [
        { type: 'public-key', alg: -7 },
        { type: 'public-key', alg: -257 },
      ],
      timeout: 60_000,
      excludeCredentials: [{ id: 'BwgJ', type: 'public-key', transports: ['internal', 'carrier-pigeon'] }],
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      attestation: 'none',
    };
    class AttestationResponse {
      constructor(
        readonly clientDataJSON: ArrayBuffer,
        readonly attestationObject: ArrayBuffer,
      ) {}
    }
    class Credential {
      readonly type = 'public-key';
      readonly authenticatorAttachment = 'cross-platform';
      readonly id = 'CgsM';
      readonly rawId = fromBase64url('CgsM');
      readonly response = new AttestationResponse(fromBase64url('DQ4P'), fromBase64url('EBES'));
      getClientExtensionResults() {
        return { credProps: { rk: true } };
      }
    }
    const created: CredentialCreationOptions[] = [];
    vi.stubGlobal('PublicKeyCredential', Credential);
    vi.stubGlobal('AuthenticatorAttestationResponse', AttestationResponse);
    vi.stubGlobal(
      'navigator',
      navigatorWith({
        create: async (request: CredentialCreationOptions) => {
          created.push(request);
          return new Credential();
        },
      }),
    );
    const bytes = (buffer: BufferSource | undefined) => toBase64url((buffer ?? null) as ArrayBuffer | null);
    expect(await newPasskey(options)).toEqual({
      id: 'CgsM',
      rawId: 'CgsM',
      type: 'public-key',
      authenticatorAttachment: 'cross-platform',
      clientExtensionResults: { credProps: { rk: true } },
      // No `getTransports()` in this browser: none are named.
      response: { clientDataJSON: 'DQ4P', attestationObject: 'EBES', transports: [] },
    });
    const publicKey = created[0]?.publicKey;
    expect(bytes(publicKey?.challenge)).toBe('AQID');
    expect(bytes(publicKey?.user.id)).toBe('BAUG');
    expect({ ...publicKey, challenge: undefined, user: { ...publicKey?.user, id: undefined } }).toEqual({
      challenge: undefined,
      rp: { name: 'Cloud Backup', id: 'localhost' },
      user: { id: undefined, name: 'kunde@example.com', displayName: 'Kim Kunde' },
      pubKeyCredParams: [
        { type: 'public-key', alg: -7 },
        { type: 'public-key', alg: -257 },
      ],
      timeout: 60_000,
      excludeCredentials: [{ id: expect.any(ArrayBuffer), type: 'public-key', transports: ['internal'] }],
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      attestation: 'none',
    });
    expect(bytes(publicKey?.excludeCredentials?.[0]?.id)).toBe('BwgJ');

    // Where the browser reads the standard's JSON itself, it is given the options as the standard has them.
    const parsed: unknown[] = [];
    Object.assign(Credential, {
      parseCreationOptionsFromJSON: (json: unknown) => {
        parsed.push(json);
        return { parsedByTheBrowser: true };
      },
    });
    const { timeout: _timeout, excludeCredentials: _excluded, ...least } = options;
    await newPasskey({ ...least, pubKeyCredParams: [{ type: 'anything', alg: -7 }] });
    expect(parsed).toEqual([{ ...least, pubKeyCredParams: [{ type: 'public-key', alg: -7 }], excludeCredentials: [] }]);
    expect(created[1]?.publicKey).toEqual({ parsedByTheBrowser: true });
    await newPasskey(options);
    expect((parsed[1] as { excludeCredentials: unknown }).excludeCredentials).toEqual([
      { id: 'BwgJ', type: 'public-key', transports: ['internal', 'carrier-pigeon'] },
    ]);
  });

  it('refuse options that are not the standard, and a browser dialog that made no passkey', async () => {
    await expect(newPasskey({ challenge: 'AQID' })).rejects.toMatchObject({ kind: 'invalid-answer' });
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    vi.stubGlobal('navigator', navigatorWith({ create: async () => null }));
    const options = {
      challenge: 'AQID',
      rp: { name: 'Cloud Backup' },
      user: { id: 'BAUG', name: 'k@example.com', displayName: 'K' },
      pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
    };
    await expect(newPasskey(options)).rejects.toMatchObject({ name: 'NotAllowedError' });
  });
});

describe('the fresh sign-in with a factor', () => {
  it('takes the authenticator code with its spaces, a recovery code with its margins, and each once', async () => {
    const customer = createCustomer();
    await loginAs(customer.email, customer.password);
    const { secret, recoveryCodes } = await mock.protectWithAuthenticator(customer.email);
    const code = codeAt(secret, Date.now());
    await confirmFreshSignIn({ method: 'totp', secret: `${code.slice(0, 3)} ${code.slice(3)}` });
    expect((await apiError(confirmFreshSignIn({ method: 'totp', secret: code }))).status).toBe(403);
    await confirmFreshSignIn({ method: 'recovery', secret: `  ${recoveryCodes[0] ?? ''} ` });
    expect((await apiError(confirmFreshSignIn({ method: 'recovery', secret: recoveryCodes[0] ?? '' }))).status).toBe(
      403,
    );
  });

  it('takes a passkey of the account, asked with the server challenge', async () => {
    const authenticator = await softwareAuthenticator();
    await withPasskey(authenticator);
    const { asked } = browserWith(authenticator);
    // Protected by the passkey, the account signs in with it.
    await signInWithPasskey();
    await confirmFreshSignIn({ method: 'passkey', secret: 'ignored' });
    expect(asked).toHaveLength(2);
    expect(await loadFreshSignInMethods()).toEqual(['password', 'passkey', 'recovery']);
  });
});
