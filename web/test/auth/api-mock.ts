// A stand-in for ~/lib/browser-api: every call goes to `answers[name]` (the endpoint's key under
// endpoints.auth), adopt reports the sign-in to the session like the real module does.
import type { AccountView } from '@travelclub/contracts';
import { vi } from 'vitest';

type Answer = (input: unknown) => unknown;
type Listener = (state: { isAuthenticated: boolean; user: AccountView | null }) => void;

export const answers: Record<string, Answer> = {};
const listeners = new Set<Listener>();

const endpoint = (name: string) => ({ name });
const auth = new Proxy({} as Record<string, { name: string }>, { get: (_t, key) => endpoint(String(key)) });

export const browserApi = {
  endpoints: { auth },
  initSession: vi.fn(),
  onSessionChange: vi.fn((listener: Listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }),
  call: vi.fn(async (e: { name: string }, input: unknown) => {
    const answer = answers[e.name];
    if (!answer) throw new Error(`no answer for ${e.name}`);
    return answer(input);
  }),
  adopt: vi.fn(async (tokens: { user: AccountView }) => {
    for (const listener of listeners) listener({ isAuthenticated: true, user: tokens.user });
  }),
  signOut: vi.fn(async () => {
    for (const listener of listeners) listener({ isAuthenticated: false, user: null });
  }),
};

export function resetApi() {
  for (const key of Object.keys(answers)) delete answers[key];
  browserApi.call.mockClear();
  browserApi.adopt.mockClear();
  browserApi.signOut.mockClear();
}

/** The calls made to one endpoint, by its name, with their inputs. */
export const callsTo = (name: string) =>
  browserApi.call.mock.calls.filter(([e]) => e.name === name).map(([, input]) => input);

export { account } from '../accounts';

export const tokens = (user: AccountView) => ({ user, accessToken: 'a', refreshToken: 'r', expiresIn: 900 });
