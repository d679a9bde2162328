/**
 * The mock v1 API as a real HTTP server on loopback, from the very handlers the browser and
 * the tests use, so that the production bundle can be measured against working data.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { getResponse } from 'msw';
import { createMockControls, type MockControls } from '../../src/mocks/controls';
import { handlers } from '../../src/mocks/handlers';

async function toRequest(incoming: IncomingMessage, origin: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
  }
  const body = chunks.length > 0 && incoming.method !== 'GET' && incoming.method !== 'HEAD' ? Buffer.concat(chunks) : undefined;
  return new Request(new URL(incoming.url ?? '/', origin), { method: incoming.method, headers, body });
}

export async function startApiServer(port: number): Promise<{ server: Server; controls: MockControls; close: () => Promise<void> }> {
  const controls = createMockControls({ latency: 0 });
  controls.reset();
  const origin = `http://127.0.0.1:${port}`;
  const server = createServer((incoming, outgoing) => {
    void (async () => {
      const response = await getResponse(handlers, await toRequest(incoming, origin), { baseUrl: origin });
      if (!response) {
        outgoing.writeHead(404, { 'Content-Type': 'application/json' }).end('{"status":"error","reason":"Not found"}');
        return;
      }
      const headers: Record<string, string | string[]> = {};
      response.headers.forEach((value, name) => {
        headers[name] = name === 'set-cookie' ? response.headers.getSetCookie() : value;
      });
      outgoing.writeHead(response.status, headers).end(Buffer.from(await response.arrayBuffer()));
    })().catch((error: unknown) => {
      outgoing.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { server, controls, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
