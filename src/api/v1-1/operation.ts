/**
 * A long operation of v1.1 (`GET /operations/{id}`, the `operation.updated` event): today only a
 * purchase. Read tolerantly: the fields the portal needs, any others ignored.
 */
import { enums, optional, record, string, type, unknown } from 'superstruct';

export const OperationStruct = type({
  id: string(),
  state: enums(['pending', 'running', 'succeeded', 'failed']),
  /** When `failed`: the refusal's problem details, read as any other refusal's. */
  problem: optional(record(string(), unknown())),
});
export type Operation = typeof OperationStruct.TYPE;

export function isOver(operation: Operation): boolean {
  return operation.state === 'succeeded' || operation.state === 'failed';
}
