// A tiny OAuth 2 token endpoint for tests: the client credentials grant with HTTP Basic client authentication
// (RFC 6749, sections 2.3.1 and 4.4). It keeps every request it got, and answers what `answer` says.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TokenRequest {
  clientId: string;
  clientSecret: string;
  grantType: string | null;
  scope: string | null;
  contentType: string | undefined;
}

export interface TokenEndpoint {
  url: string;
  requests: TokenRequest[];
  close(): Promise<void>;
}

/** The client's id and secret from a Basic header, each form-decoded (RFC 6749, section 2.3.1). */
function basicCredentials(req: IncomingMessage): { clientId: string; clientSecret: string } {
  const [scheme, encoded] = (req.headers.authorization ?? '').split(' ');
  if (scheme !== 'Basic' || !encoded) return { clientId: '', clientSecret: '' };
  const text = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = text.indexOf(':');
  const decode = (s: string) => new URLSearchParams(`s=${s}`).get('s') ?? '';
  return { clientId: decode(text.slice(0, colon)), clientSecret: decode(text.slice(colon + 1)) };
}

/**
 * Grants `token()` to the client `clientId`/`clientSecret` (401 `invalid_client` to anyone else), with
 * `expiresIn` seconds when given; `status` overrides the answer's status (a 503, say) for every request.
 */
export async function startTokenEndpoint(options: {
  clientId: string;
  clientSecret: string;
  token: (n: number) => string;
  expiresIn?: number | string;
  status?: () => number | undefined;
}): Promise<TokenEndpoint> {
  const requests: TokenRequest[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      const request = {
        ...basicCredentials(req),
        grantType: form.get('grant_type'),
        scope: form.get('scope'),
        contentType: req.headers['content-type'],
      };
      requests.push(request);
      const answer = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
        res.end(JSON.stringify(json));
      };
      const forced = options.status?.();
      if (forced) return answer(forced, { error: 'temporarily_unavailable' });
      if (req.method !== 'POST' || request.grantType !== 'client_credentials') {
        return answer(400, { error: 'unsupported_grant_type' });
      }
      if (request.clientId !== options.clientId || request.clientSecret !== options.clientSecret) {
        return answer(401, { error: 'invalid_client', error_description: 'Client authentication failed' });
      }
      answer(200, {
        access_token: options.token(requests.length),
        token_type: 'Bearer',
        ...(options.expiresIn === undefined ? {} : { expires_in: options.expiresIn }),
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/oauth2/token`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
