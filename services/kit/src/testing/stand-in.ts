// A stand-in for a neighbour service in tests: a tiny HTTP server that knows who calls it (service identities
// from the test secret) and answers what the test says.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServiceName } from '@travelclub/contracts';
import { createServiceIdentity } from '../service-identity.js';
import { TEST_SERVICE_TOKEN_SECRET } from './service-tokens.js';

export interface StandInRequest {
  method: string;
  url: string;
  /** The body as JSON (as text when it is not JSON; undefined when there is none). */
  body: unknown;
  authorization: string | undefined;
  /** The service whose token for the stand-in came with the call (null: none, or not a valid one). */
  caller: ServiceName | null;
}

/** A status and a JSON body (none for 204), after `delayMs`; or `reset`: the connection is cut. */
export type StandInAnswer = { status: number; body?: unknown; delayMs?: number } | 'reset';

export interface StandIn {
  url: string;
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (chunk: Buffer) => (data += chunk.toString()));
    req.on('end', () => resolve(data));
  });

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Starts a stand-in for `service` on a free local port; `answer` says what each call gets. */
export async function startStandIn(
  service: ServiceName,
  answer: (req: StandInRequest) => StandInAnswer | Promise<StandInAnswer>,
): Promise<StandIn> {
  const identity = createServiceIdentity({ name: service, secret: TEST_SERVICE_TOKEN_SECRET });
  const server = createServer((req, res) => {
    void readBody(req).then(async (text) => {
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      const reply = await answer({
        method: req.method ?? '',
        url: req.url ?? '',
        body: parseBody(text),
        authorization: req.headers.authorization,
        caller: await identity.verify(token).catch(() => null),
      });
      if (reply === 'reset') return void req.socket.destroy();
      const send = () =>
        reply.body === undefined
          ? res.writeHead(reply.status).end()
          : res.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
