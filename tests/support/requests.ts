/**
 * The requests the MSW server (src/mocks/node.ts) starts during each test of a file, as
 * "METHOD /path": `const requests = recordRequests();` at the file's top, `requests()` in a test.
 */
import { afterEach, beforeEach } from 'vitest';
import { server } from '../../src/mocks/node';

export function recordRequests(): () => readonly string[] {
  let seen: string[] = [];
  const record = ({ request }: { request: Request }) => {
    seen.push(`${request.method} ${new URL(request.url).pathname}`);
  };
  beforeEach(() => {
    seen = [];
    server.events.on('request:start', record);
  });
  afterEach(() => {
    server.events.removeListener('request:start', record);
  });
  return () => seen;
}
