import { createTransport } from '@sentry/react';

type TransportOptions = Parameters<typeof createTransport>[0];

export const testDsn = 'https://public@o0.ingest.example.com/1';

/** A Sentry transport that keeps each envelope as text instead of sending it anywhere. */
export function recordingTransport() {
  const sent: string[] = [];
  const answer = { statusCode: 200 };
  const transport = (options: TransportOptions) =>
    createTransport(options, async (request) => {
      sent.push(typeof request.body === 'string' ? request.body : new TextDecoder().decode(request.body));
      return { statusCode: answer.statusCode };
    });
  return { sent, transport, answer };
}
