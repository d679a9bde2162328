import type { Breadcrumb, ErrorEvent } from '@sentry/react';
import { describe, expect, it } from 'vitest';
import {
  FILTERED,
  scrubBreadcrumb,
  scrubEvent,
  scrubSpan,
  scrubText,
  scrubUser,
  scrubValue,
  type StreamedSpan,
} from '../../src/reporting/scrub';

const strict = { sendPii: false };
const allowed = { sendPii: true };
const iban = 'DE89 3704 0044 0532 0130 00';

describe('scrubbing texts', () => {
  it('blanks IBANs written in blocks or in one piece', () => {
    expect(scrubText(`Direct debit from ${iban} failed`, strict)).toBe(`Direct debit from ${FILTERED} failed`);
    expect(scrubText('iban=DE89370400440532013000;', strict)).not.toContain('DE8937');
    expect(scrubText('FR1420041010050500013M02606 and LU280019400644750000', strict)).toBe(
      `${FILTERED} and ${FILTERED}`,
    );
  });

  it("leaves Sentry's lower-case ids and ordinary words alone", () => {
    const id = 'ab12cdef34567890ab12cdef34567890';
    expect(scrubText(id, strict)).toBe(id);
    expect(scrubText('Datastore k10001_archive is 85 % full', strict)).toBe('Datastore k10001_archive is 85 % full');
  });

  it('blanks secret and personal query parameters such as the password reset link', () => {
    const link = 'https://portal.example.com/newpassword?email=erika%40example.com&token=8f3c2a&lang=de';
    expect(scrubText(link, allowed)).toBe(
      `https://portal.example.com/newpassword?email=${FILTERED}&token=${FILTERED}&lang=de`,
    );
  });

  it('blanks email addresses unless personal data is allowed', () => {
    expect(scrubText('Login failed for erika@example.com', strict)).toBe(`Login failed for ${FILTERED}`);
    expect(scrubText('Login failed for erika@example.com', allowed)).toBe('Login failed for erika@example.com');
  });
});

describe('scrubbing values', () => {
  it('filters passwords, IBANs, tokens and cookies by their keys, however deep', () => {
    const value = {
      payload: { email: 'erika@example.com', password: 'Demo-Password-2026', pending_name: 'Demo GmbH' },
      company: { iban: 'DE89370400440532013000', checkbox_iban: true, payment_type: 'direct_debit' },
      datastores: [{ datastore: 'k10001_backup', password: 'tmp-Secret-1' }],
      headers: { Authorization: 'Bearer x', Cookie: 'portal_session=abc' },
      token: 'reset-token',
    };
    expect(scrubValue(value, strict)).toEqual({
      payload: { email: FILTERED, password: FILTERED, pending_name: 'Demo GmbH' },
      company: { iban: FILTERED, checkbox_iban: FILTERED, payment_type: 'direct_debit' },
      datastores: [{ datastore: 'k10001_backup', password: FILTERED }],
      headers: { Authorization: FILTERED, Cookie: FILTERED },
      token: FILTERED,
    });
  });

  it('keeps personal keys when allowed, but never secrets', () => {
    expect(scrubValue({ email: 'erika@example.com', password: 'x' }, allowed)).toEqual({
      email: 'erika@example.com',
      password: FILTERED,
    });
  });

  it('stops at a depth limit instead of walking endlessly', () => {
    let nested: Record<string, unknown> = { leaf: 'end' };
    for (let level = 0; level < 20; level += 1) nested = { nested };
    expect(JSON.stringify(scrubValue(nested, strict))).toContain(FILTERED);
  });
});

describe('scrubbing the user', () => {
  it('strips email, username and IP address unless allowed', () => {
    const user = { id: '42', email: 'erika@example.com', username: 'erika', ip_address: '203.0.113.7' };
    expect(scrubUser(user, strict)).toEqual({ id: '42' });
    expect(scrubUser(user, allowed)).toEqual(user);
    expect(scrubUser(undefined, strict)).toBeUndefined();
  });
});

describe('scrubbing events', () => {
  const event: ErrorEvent = {
    type: undefined,
    event_id: 'ab12cdef34567890ab12cdef34567890',
    message: `Payment failed for ${iban}`,
    exception: { values: [{ type: 'ApiError', value: `http 400: The IBAN ${iban} is not valid` }] },
    user: { email: 'erika@example.com', username: 'erika', id: 'K-10001' },
    request: {
      url: 'https://portal.example.com/newpassword?email=e%40x.de&token=abc',
      headers: { Cookie: 'portal_session=1' },
    },
    breadcrumbs: [
      { category: 'console', message: `sending ${iban}`, data: { arguments: [{ password: 'Demo-Password-2026' }] } },
    ],
    extra: { form: { iban, password: 'secret' } },
    tags: { page: '/company' },
    contexts: {
      feedback: { message: `My IBAN ${iban} is refused`, name: 'Erika', contact_email: 'erika@example.com' },
      trace: { trace_id: 'ab12cdef34567890ab12cdef34567890', span_id: 'ab12cdef34567890' },
    },
    transaction: '/newpassword?token=abc',
  };

  it('removes every IBAN, password, token, email and username, and keeps ids', () => {
    const scrubbed = scrubEvent(event, strict);
    const text = JSON.stringify(scrubbed);
    for (const secret of ['DE89', 'Demo-Password-2026', 'secret', 'erika', 'token=abc', 'portal_session']) {
      expect(text).not.toContain(secret);
    }
    expect(scrubbed.event_id).toBe(event.event_id);
    expect(scrubbed.user).toEqual({ id: 'K-10001' });
    expect(scrubbed.contexts?.trace).toEqual(event.contexts?.trace);
    expect(scrubbed.contexts?.feedback).toEqual({
      message: `My IBAN ${FILTERED} is refused`,
      name: FILTERED,
      contact_email: FILTERED,
    });
    expect(scrubbed.tags).toEqual({ page: '/company' });
  });

  it('keeps email and username when the build allows them, and still scrubs secrets', () => {
    const scrubbed = scrubEvent(event, allowed);
    expect(scrubbed.user).toEqual(event.user);
    expect(JSON.stringify(scrubbed)).not.toContain('DE89');
    expect(JSON.stringify(scrubbed)).not.toContain('Demo-Password-2026');
  });

  it('does not change the event it was given', () => {
    const copy = structuredClone(event);
    scrubEvent(event, strict);
    expect(event).toEqual(copy);
  });

  it('scrubs the spans of a transaction', () => {
    const scrubbed = scrubEvent(
      {
        type: 'transaction',
        spans: [
          {
            span_id: '1',
            trace_id: '2',
            start_timestamp: 0,
            description: 'GET /newpassword?token=abc',
            data: { 'http.query': '?token=abc' },
            origin: 'manual',
            status: 'ok',
          },
        ],
      },
      strict,
    );
    expect(JSON.stringify(scrubbed.spans)).not.toContain('abc');
  });
});

describe('scrubbing breadcrumbs and spans', () => {
  it('scrubs the message and data of a breadcrumb', () => {
    const breadcrumb: Breadcrumb = {
      category: 'fetch',
      message: `IBAN ${iban}`,
      data: { url: '/api/v1/edit/company', body: { iban } },
    };
    expect(scrubBreadcrumb(breadcrumb, strict)).toEqual({
      category: 'fetch',
      message: `IBAN ${FILTERED}`,
      data: { url: '/api/v1/edit/company', body: { iban: FILTERED } },
    });
  });

  it('scrubs span names and attributes, and user attributes unless allowed', () => {
    const span: StreamedSpan = {
      trace_id: 't',
      span_id: 's',
      name: 'GET /newpassword?token=abc',
      start_timestamp: 0,
      status: 'ok',
      is_segment: true,
      attributes: {
        'url.full': 'https://x.example/?email=a%40b.de',
        'user.email': 'erika@example.com',
        'user.id': '1',
        'http.request.header.authorization': 'Bearer x',
      },
    };
    const scrubbed = scrubSpan(span, strict);
    expect(scrubbed.name).toBe(`GET /newpassword?token=${FILTERED}`);
    expect(scrubbed.attributes).toEqual({
      'url.full': `https://x.example/?email=${FILTERED}`,
      'user.email': FILTERED,
      'user.id': '1',
      'http.request.header.authorization': FILTERED,
    });
    expect(scrubSpan(span, allowed).attributes['user.email']).toBe('erika@example.com');
  });
});
