/**
 * The structs the v1.1 client reads its answers with (src/api/server-version.ts, src/api/v1-1/)
 * cannot drift from the v1.1 proposal (contracts/v1.1.openapi.yaml, decision 057): checked by
 * `tsc -p tsconfig.node.json` against the types openapi-typescript generates from it
 * (contracts/v1.1.openapi.d.ts; `npm run contract -- openapi` fails when that file is stale).
 * Nothing here runs; a check that fails reads "Type 'false' does not satisfy the constraint 'true'".
 *
 * These structs read only what the portal needs of an answer (tolerant reading, decision 019), so
 * the check is one-way: whatever the description lets a server send is accepted by the struct, and
 * the struct reads no field the description does not name.
 */
import type { Infer } from 'superstruct';
import type { components } from '../../contracts/v1.1.openapi';
import type { Capabilities } from '../../src/api/server-version';
import type { OperationStruct } from '../../src/api/v1-1/operation';

type Schema = components['schemas'];

/** Compiles only when `T` is `true`. */
const holds = <T extends true>(): T | undefined => undefined;

type Assignable<From, To> = [From] extends [To] ? true : false;
/** The fields the description names (not its index signature, `additionalProperties: true`). */
type Named<D> = keyof { [K in keyof D as string extends K ? never : number extends K ? never : K]: D[K] };
/** The description's answer is accepted by the struct, which names only fields the description has. */
type Reads<D, S> = [Assignable<D, S>, Assignable<Exclude<keyof S, Named<D>>, never>] extends [true, true]
  ? true
  : false;

// The check itself fails as it should: a field the description does not name, or a narrower type.
holds<Assignable<Reads<Schema['Capabilities'], { api: string; features: string[]; extra: string }>, false>>();
holds<Assignable<Reads<Schema['Operation'], { id: string; state: 'pending' }>, false>>();

holds<Reads<Schema['Capabilities'], Infer<typeof Capabilities>>>();
holds<Reads<Schema['Operation'], Infer<typeof OperationStruct>>>();
