/**
 * The support contact form (SPEC §2 "Contact", §7 POST /contact): name, email and message, and
 * the hidden anti-spam field of SPEC §5. Only bots fill that field (people never see it); when
 * it is filled the form shows ANTISPAM on its error line (SPEC §8) and sends nothing.
 *
 * The check sits in the form's call rather than in its field rules on purpose: a field rule
 * would mark the field beside it, which nobody can see; the error line is where SPEC §8 wants
 * ANTISPAM (docs/decisions/011).
 */
import { sendContact } from '../api/contact';
import { ContactPayload } from '../api/structs';
import type { User } from '../domain/entities';
import { fieldErrors } from '../domain/fields';
import { createFormMachine } from './form.machine';
import { userErrorFrom, type UserError } from './user-error';

export interface ContactValues extends Record<string, unknown> {
  name: string;
  email: string;
  message: string;
  /** The anti-spam field (honeypot): empty for people, filled by bots. */
  website: string;
}

/** Thrown instead of sending when the anti-spam field is filled. */
export class AntispamError extends Error {
  override readonly name = 'AntispamError';
  constructor() {
    super('The anti-spam field is filled');
  }
}

export function isSpam(values: Pick<ContactValues, 'website'>): boolean {
  return values.website !== '';
}

function contactErrorOf(error: unknown): UserError {
  return error instanceof AntispamError ? { key: 'antispam' } : userErrorFrom(error);
}

export const contactMachine = createFormMachine<ContactValues>({
  id: 'contact',
  description: 'SPEC §2 contact form: name, email, message and the hidden anti-spam field; POST /contact.',
  initialValues: { name: '', email: '', message: '', website: '' },
  // The payload's own rules (SPEC §7); the anti-spam field is never part of the payload.
  validate: ({ name, email, message }) =>
    fieldErrors<'name' | 'email' | 'message'>(ContactPayload, { name, email, message }),
  submit: async (values, signal) => {
    if (isSpam(values)) throw new AntispamError();
    await sendContact({ name: values.name.trim(), email: values.email.trim(), message: values.message }, { signal });
  },
  errorOf: contactErrorOf,
  // SPEC §2: name and email are prefilled from the logged-in customer.
  fromUser: (user) => ({ name: fullName(user), email: user.email }),
});

/** The customer's name for the prefill: first and last name from GET /me, when known. */
export function fullName(user: Pick<User, 'firstname' | 'lastname'>): string {
  return [user.firstname, user.lastname].filter((part) => part && part.trim() !== '').join(' ');
}
