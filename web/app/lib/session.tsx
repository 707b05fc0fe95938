// Who is signed in, for every page: the server's answer at render time (root loader), kept current by the
// browser API module once it is loaded. The API module carries zod and the contracts, so it is fetched on
// demand: `loadApi()` the first time a page needs a call, never in a route's first bundle.
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { AccountView } from '@travelclub/contracts';
import type * as BrowserApiModule from './browser-api';

export type BrowserApi = typeof BrowserApiModule;

interface SessionState {
  isAuthenticated: boolean;
  user: AccountView | null;
}

let loading: Promise<BrowserApi> | null = null;
let initial = { isAuthenticated: false, csrfToken: null as string | null };
/** The provider's state setter: the API module reports sign-in and sign-out through it. */
let report: (state: SessionState) => void = () => undefined;

/** The browser API module, loaded once and initialised with what the server knew. */
export function loadApi(): Promise<BrowserApi> {
  loading ??= import('./browser-api').then((api) => {
    api.initSession(initial);
    api.onSessionChange((state) => report(state));
    return api;
  });
  return loading;
}

export interface SessionValue {
  isAuthenticated: boolean;
  user: AccountView | null;
  /** A signed-in person (not an anonymous visitor with a cart). */
  isMember: boolean;
  isCreator: boolean;
}

const SessionContext = createContext<SessionValue>({
  isAuthenticated: false,
  user: null,
  isMember: false,
  isCreator: false,
});

export function SessionProvider(props: {
  isAuthenticated: boolean;
  user: AccountView | null;
  csrfToken: string | null;
  children: ReactNode;
}) {
  const [state, setState] = useState<SessionState>({ isAuthenticated: props.isAuthenticated, user: props.user });
  initial = { isAuthenticated: props.isAuthenticated, csrfToken: props.csrfToken };
  useEffect(() => {
    report = setState;
    return () => {
      report = () => undefined;
    };
  }, []);

  const value = useMemo<SessionValue>(() => {
    const user = state.user;
    return {
      ...state,
      isMember: Boolean(state.isAuthenticated && user && !user.isAnonymous),
      isCreator: Boolean(user?.roles.includes('role/creator')),
    };
  }, [state]);
  return <SessionContext.Provider value={value}>{props.children}</SessionContext.Provider>;
}

export const useSession = () => useContext(SessionContext);
