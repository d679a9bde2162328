/**
 * The login's call (SPEC §2 Login, §7 POST /login), a module of its own: the login page's first
 * visit loads it with the page (issue 41), and no other page's does.
 */
import { array, boolean, number, optional, string, type, type Infer } from 'superstruct';
import { request } from './client';
import { LoginPayload } from './structs';

/**
 * A login's second step, asked for by a server that protects the account with a factor (v1.1
 * feature `second-factor`, decision 058): its ticket, what the account can answer with (names the
 * portal does not know are ignored), and the seconds the ticket lasts.
 */
export const SecondFactorOffer = type({
  ticket: string(),
  methods: array(string()),
  expires_in: number(),
  passkey_options: optional(type({ challenge: string() })),
});

/** POST /login's answer (SPEC §7); loaded with the login's call, not with a first visit. */
export const LoginAnswer = type({ is_active: boolean(), second_factor: optional(SecondFactorOffer) });

export type LoginAnswer = Infer<typeof LoginAnswer>;
export type SecondFactorOffer = Infer<typeof SecondFactorOffer>;

interface Call {
  signal?: AbortSignal;
}

/** POST /login: `is_active` false means the account awaits activation (SPEC §4). */
export async function login(body: LoginPayload, { signal }: Call = {}): Promise<LoginAnswer> {
  return request('POST', '/login', { body, payload: LoginPayload, answer: LoginAnswer, signal });
}
