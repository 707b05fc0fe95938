// One turn with Taylor: `POST …/conversations/{id}/messages`, whose answer is a stream of Server-Sent Events read
// from fetch's body as it arrives. A refusal before the stream starts (busy, allowance used) is the usual error
// envelope and comes back as the API module's ApiError, like any call's.
import type * as ContractsModule from '@travelclub/contracts';
import type { AssistantStreamEvent, AssistantStreamEventType } from '@travelclub/contracts';
import { loadApi, type BrowserApi } from '~/lib/session';
import { traceHeaders } from '~/lib/trace-context';
import { readSse, type SseEvent } from './sse';

export interface TurnBody {
  text: string;
  /** The creator's own date (YYYY-MM-DD), so "next weekend" is theirs. */
  today: string;
}

type Contracts = typeof ContractsModule;

interface Envelope {
  error?: { code?: unknown; message?: unknown };
}

async function refusalOf(api: BrowserApi, res: Response) {
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    // Not JSON (a proxy's page): the status says enough.
  }
  const error = (body as Envelope | undefined)?.error;
  const code = typeof error?.code === 'string' ? error.code : undefined;
  const message = typeof error?.message === 'string' ? error.message : `The server answered ${res.status}`;
  return new api.ApiError(res.status, code as never, message);
}

/** An event of the stream as the contract shapes it; anything else (a comment, a stray event) is skipped. */
function streamEvent(contracts: Contracts, raw: SseEvent): AssistantStreamEvent | null {
  const schemas = contracts.AssistantStreamEventSchemas;
  if (!Object.hasOwn(schemas, raw.event)) return null;
  const type = raw.event as AssistantStreamEventType;
  try {
    const parsed = schemas[type].safeParse(JSON.parse(raw.data));
    if (parsed.success) return { type, data: parsed.data } as AssistantStreamEvent;
  } catch {
    // Not JSON: said below.
  }
  console.warn(`Taylor's stream sent a ${type} event that is not its shape`);
  return null;
}

async function post(api: BrowserApi, url: string, body: TurnBody, signal?: AbortSignal) {
  const token = await api.accessToken();
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        accept: 'text/event-stream',
        'content-type': 'application/json',
        ...traceHeaders(),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
    return { res, token };
  } catch (err) {
    throw new api.ApiError(0, undefined, `POST ${url} failed: ${(err as Error).message}`);
  }
}

/**
 * Sends the creator's message and hands each event of the answer to `onEvent` as it comes. Resolves when the
 * stream ends: true when it ended with `done` or `error`, false when it was cut short. A token refused before the
 * stream starts gets the one renewal every call gets (spec section 4): asking who is signed in goes through the
 * API module's call, which renews it. A model turn refused for an unverified email is sent once more with a new
 * token: the address may have been verified (in another tab, from the mail) since this token was issued.
 */
export async function streamTurn(
  conversationId: string,
  body: TurnBody,
  onEvent: (event: AssistantStreamEvent) => void,
  signal?: AbortSignal,
): Promise<boolean> {
  const [api, contracts] = await Promise.all([loadApi(), import('@travelclub/contracts')]);
  const url = contracts.pathOf(api.endpoints.assistant.sendMessage, { id: conversationId });
  let { res, token } = await post(api, url, body, signal);
  if (res.status === 401 && token) {
    const refused = await refusalOf(api, res);
    if (refused.code !== 'unauthenticated') throw refused;
    await api.currentUser().catch(() => null);
    const renewed = await api.accessToken();
    if (!renewed || renewed === token) throw refused;
    ({ res, token } = await post(api, url, body, signal));
  }
  if (res.status === 403 && token) {
    const refused = await refusalOf(api, res);
    if (refused.code !== 'assistant-email-unverified') throw refused;
    const renewed = await api.renewAccessToken();
    if (!renewed || renewed === token) throw refused;
    ({ res } = await post(api, url, body, signal));
  }
  if (!res.ok) throw await refusalOf(api, res);
  if (!res.body) throw new api.ApiError(res.status, undefined, 'Taylor answered with nothing to read.');
  let finished = false;
  await readSse(res.body, (raw) => {
    const event = streamEvent(contracts, raw);
    if (!event) return;
    if (event.type === 'done' || event.type === 'error') finished = true;
    onEvent(event);
  });
  return finished;
}
