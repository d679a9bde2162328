/**
 * The calls the portal makes in v1.1 when the server offers it (src/api/server-version.ts): every
 * state change that v1 sends as a GET, and the two whose retry v1 cannot make safe, go as POST, PUT
 * or DELETE with an idempotency key (docs/api-v1.1.md). The call modules of src/api choose between
 * these and v1's; their signatures and outcomes are v1's, so that no machine knows the version.
 *
 * A purchase answers 202 with an operation: the call ends when the operation has succeeded (or
 * fails as the purchase would have failed), read from the event stream where the server offers it
 * (./events.ts) and by polling the operation where not, or when the stream breaks.
 */
import { ApiError } from '../error';
import { EditCompanyPayload } from '../company-structs';
import type { LicenceOrderPayload } from '../licence-structs';
import type { ServerOffer } from '../server-version';
import { operationEvents } from './events';
import { OperationStruct, isOver, type Operation } from './operation';
import { newIdempotencyKey, problemError, requestV11, sleep } from './request';
import { forgetEarlyReads } from '../transport';

interface Call {
  signal?: AbortSignal;
}

/** How long to wait between two reads of an operation when its answer does not say. */
const defaultPollSeconds = 1;

async function readOperation(id: string, signal: AbortSignal | undefined) {
  return requestV11('GET', `/operations/${encodeURIComponent(id)}`, { answer: OperationStruct, signal });
}

/** The operation once it is over: from the event stream where offered, else by polling it. */
async function settled(
  started: Operation,
  pollSeconds: number | undefined,
  offer: ServerOffer,
  signal: AbortSignal | undefined,
): Promise<Operation> {
  if (isOver(started)) return started;
  if (offer.events) {
    const fromStream = await operationEvents(started.id, () => readOperation(started.id, signal), signal);
    if (fromStream) return fromStream;
  }
  let wait = pollSeconds ?? defaultPollSeconds;
  for (;;) {
    await sleep(Math.min(Math.max(wait, 0.2), 10) * 1000, signal);
    const { value, retryAfterSeconds } = await readOperation(started.id, signal);
    if (isOver(value)) return value;
    wait = retryAfterSeconds ?? defaultPollSeconds;
  }
}

/** POST /datastores with a key, then its operation until it is over (v1: GET /product/pbs/…). */
export async function buyDatastore(
  identifier: string,
  productId: number,
  offer: ServerOffer,
  { signal }: Call = {},
): Promise<void> {
  const { value, retryAfterSeconds } = await requestV11('POST', '/datastores', {
    body: { identifier, product_id: productId },
    answer: OperationStruct,
    key: newIdempotencyKey(),
    signal,
  });
  const operation = await settled(value, retryAfterSeconds, offer, signal);
  if (operation.state === 'failed') {
    const status = Number(operation.problem?.status ?? 502);
    throw problemError(Number.isInteger(status) && status >= 400 ? status : 502, operation.problem, null);
  }
}

/** POST /datastores/{name}/cancellation with a key (v1: GET /datastore/cancel/{name}). */
export async function cancelDatastore(name: string, { signal }: Call = {}): Promise<void> {
  await requestV11('POST', `/datastores/${encodeURIComponent(name)}/cancellation`, {
    answer: null,
    key: newIdempotencyKey(),
    signal,
  });
}

/** POST /contract/cancellation with a key (v1: GET /contract/cancel). */
export async function cancelContract({ signal }: Call = {}): Promise<void> {
  await requestV11('POST', '/contract/cancellation', { answer: null, key: newIdempotencyKey(), signal });
}

/**
 * POST /edit/company with a key, the payload checked as v1's is (where the server offers second
 * factors; a change of the payment may ask for a fresh sign-in first).
 */
export async function editCompany(body: EditCompanyPayload, { signal }: Call = {}): Promise<void> {
  const [invalid] = EditCompanyPayload.validate(body);
  if (invalid) throw new ApiError('invalid-request', { cause: invalid });
  await requestV11('POST', '/edit/company', { body, answer: null, key: newIdempotencyKey(), signal });
}

/** PUT /notifications `{enabled}` with a key (v1: GET /notifications/{true|false}). */
export async function setNotifications(enabled: boolean, { signal }: Call = {}): Promise<void> {
  await requestV11('PUT', '/notifications', { body: { enabled }, answer: null, key: newIdempotencyKey(), signal });
}

/** POST /licence/order with a key: a retry after no answer cannot order twice. */
export async function orderLicence(body: LicenceOrderPayload, { signal }: Call = {}): Promise<void> {
  await requestV11('POST', '/licence/order', { body, answer: null, key: newIdempotencyKey(), signal });
}

/** POST /logout (v1: GET /logout); a 401 means the session was over already. */
export async function logout({ signal }: Call = {}): Promise<void> {
  // What was read ahead may be this account's, and the next login another's.
  forgetEarlyReads();
  try {
    await requestV11('POST', '/logout', { answer: null, signal });
  } catch (error) {
    if (error instanceof ApiError && error.isUnauthorized) return;
    throw error;
  }
}
