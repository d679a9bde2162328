/**
 * v1.1's platform calls (contracts/v1.1.openapi.yaml, tag Platform): what the server offers.
 */
import { route } from '../faults';
import { idempotencyRetentionSeconds } from './idempotency';

/**
 * The features the mock offers in "v1.1" mode: v1.1's base three, the event stream, the second
 * factors with the passkey sign-in (issue 44), the usage history, the backup health and the alerts (issue 45).
 */
const mockFeatures = [
  'idempotency',
  'problem-details',
  'sizes-in-bytes',
  'events',
  'second-factor',
  'usage-history',
  'backup-health',
  'alerts',
] as const;

export const platformHandlers = [
  // The portal's one probe, with or without a session.
  route('v1.1 GET /capabilities', () =>
    Response.json(
      { api: '1.1', features: mockFeatures, idempotency_key_retention_seconds: idempotencyRetentionSeconds },
      { headers: { 'Cache-Control': 'no-store' } },
    ),
  ),
];
