// Taylor's pages' test world: a stand-in for ~/lib/browser-api (calls answered from `answers` by the endpoint's
// name, such as 'assistant.listConversations'; the real endpoints and ApiError), a stand-in network for the one
// streamed call (fetch answers with a body the test writes events into, piece by piece), a creator's
// conversations and drafts, and the chat, drafts and stay-editor pages rendered as the app routes them.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import {
  ApiError,
  endpoints,
  type AccountView,
  type ChatMessage,
  type Conversation,
  type Draft,
} from '@travelclub/contracts';
import { createRoutesStub, Outlet } from 'react-router';
import { vi } from 'vitest';
import { SessionProvider } from '~/lib/session';
import DashboardChat from '~/routes/dashboard-chat';
import NewStayPage from '~/routes/dashboard-stay-add';
import DashboardStays from '~/routes/dashboard-stays';
import { account } from '../accounts';
import { Landed } from '../render-page';

// The pages load the API module and the contracts on first use, on a shared machine: waits get more time.
configure({ asyncUtilTimeout: 10_000 });

const names = new Map<object, string>();
for (const [service, group] of Object.entries(endpoints))
  for (const [name, e] of Object.entries(group)) names.set(e, `${service}.${name}`);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Answer = (input: any) => unknown;
export const answers: Record<string, Answer> = {};

function answer(e: object, input: unknown) {
  const name = names.get(e) ?? 'unknown';
  const found = answers[name];
  if (!found) throw new Error(`no answer for ${name}`);
  return found(input);
}

export const browserApi = {
  endpoints,
  ApiError,
  initSession: vi.fn(),
  onSessionChange: vi.fn(() => () => undefined),
  accessToken: vi.fn(async () => 'token-1'),
  renewAccessToken: vi.fn(async () => 'token-1'),
  currentUser: vi.fn(async () => null),
  call: vi.fn(async (e: object, input: unknown) => answer(e, input)),
  upload: vi.fn(async (e: object, input: unknown, _form: FormData, _options?: unknown) => answer(e, input)),
};

export function resetApi() {
  for (const key of Object.keys(answers)) delete answers[key];
  browserApi.call.mockClear();
  browserApi.upload.mockClear();
  browserApi.accessToken.mockClear();
  browserApi.accessToken.mockImplementation(async () => 'token-1');
  browserApi.renewAccessToken.mockClear();
  browserApi.renewAccessToken.mockImplementation(async () => 'token-1');
  browserApi.currentUser.mockClear();
}

/** The inputs of the calls made to one endpoint ('assistant.deleteConversation'). */
export const callsOf = (name: string) =>
  browserApi.call.mock.calls.filter(([e]) => names.get(e) === name).map(([, input]) => input);

export const refusal = (status: number, code: string, message: string) => new ApiError(status, code as never, message);

// ---------- the streamed call ----------

export interface SentTurn {
  url: string;
  body: { text: string; today: string };
  authorization: string | null;
  accept: string | null;
}

/** One streamed answer, written by the test: whole events, raw text (any split), then the end. */
export class SseAnswer {
  private controller!: ReadableStreamDefaultController<Uint8Array>;
  private readonly encoder = new TextEncoder();
  readonly response: Response;
  constructor() {
    const body = new ReadableStream<Uint8Array>({ start: (controller) => void (this.controller = controller) });
    this.response = new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  }
  raw(text: string) {
    this.controller.enqueue(this.encoder.encode(text));
  }
  send(event: string, data: unknown) {
    this.raw(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }
  close() {
    this.controller.close();
  }
}

export const jsonAnswer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Stubs fetch: each POST takes the next of `responses` and is recorded in `sent`. */
export function stubStream(...responses: Response[]) {
  const sent: SentTurn[] = [];
  const fetchStub = vi.fn(async (url: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    sent.push({
      url,
      body: JSON.parse(String(init.body)) as SentTurn['body'],
      authorization: headers.get('authorization'),
      accept: headers.get('accept'),
    });
    const next = responses.shift();
    if (!next) throw new Error(`no answer for ${url}`);
    return next;
  });
  vi.stubGlobal('fetch', fetchStub);
  return sent;
}

// ---------- fixtures ----------

export const creator: AccountView = account({ id: 'creator-1', roles: ['role/customer', 'role/creator'] });

export const CONVERSATION = '6f1c1a52-55d8-4a8e-9b0e-0d2b1e0c1a01';
export const OTHER_CONVERSATION = '6f1c1a52-55d8-4a8e-9b0e-0d2b1e0c1a02';

export function aMessage(overrides: Partial<ChatMessage> = {}): ChatMessage {
  return { id: 'm-1', role: 'user', text: 'Hello Taylor', at: '2026-11-20T10:00:00.000Z', ...overrides };
}

export function aConversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    id: CONVERSATION,
    title: 'Lisbon weekend',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    messageCount: 0,
    messages: [],
    ...overrides,
  };
}

export const summaryOf = ({ messages: _m, ...summary }: Conversation) => summary;

export function aDraft(overrides: Partial<Draft> = {}): Draft {
  return {
    id: '0b7e5a3c-8d7e-4c1e-9f43-5a0a3f6c2b01',
    kind: 'recommendation',
    status: 'open',
    title: 'Hotel Aurora',
    text: 'Wake up to the river: ask for a room on the fourth floor, and have breakfast on the terrace.',
    conversationId: CONVERSATION,
    createdAt: '2026-11-20T10:00:00.000Z',
    hotel: { id: 'h9', name: 'Hotel Aurora', slug: 'hotel-aurora' },
    ...overrides,
  };
}

// ---------- rendering ----------

export function renderAssistant(url: string, { user = creator as AccountView | null } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 60_000 }, mutations: { retry: false } },
  });
  const Stub = createRoutesStub([
    {
      path: '/',
      HydrateFallback: () => null,
      Component: () => (
        <QueryClientProvider client={queryClient}>
          <SessionProvider isAuthenticated={Boolean(user)} user={user} csrfToken="csrf-1">
            <Outlet />
          </SessionProvider>
        </QueryClientProvider>
      ),
      children: [
        { path: 'dashboard/chat', Component: DashboardChat as never },
        { path: 'dashboard/stays', Component: DashboardStays as never },
        { path: 'dashboard/stays/add', Component: NewStayPage as never },
        { path: '*', Component: Landed },
      ],
    },
  ]);
  const view = render(<Stub initialEntries={[url]} />);
  return { ...view, queryClient };
}
