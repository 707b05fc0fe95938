// The document, the providers every page shares (session, queries), the header and footer, and the
// not-found and error pages. The root loader gives every page its route context (spec section 3): whether a
// session is live (read only when the visitor has a session cookie), the CSRF token and public settings.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { endpoints } from '@travelclub/contracts';
import { useState, type ReactNode } from 'react';
import { Link, Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useLocation } from 'react-router';
import type { Route } from './+types/root';
import { cookieOf, serverCall } from './lib/api.server';
import { PRODUCT } from './lib/brand';
import { publicEnvironment, webConfig } from './lib/config.server';
import { useRootData } from './lib/root-data';
import { SessionProvider, useSession } from './lib/session';
import { NotFound } from './ui/not-found';
import './styles/site.css';

/** Spec section 9: client data is fresh for 60 s. */
const STALE_TIME_MS = 60_000;

export async function loader({ request }: Route.LoaderArgs) {
  // Without a session cookie nobody is signed in: no call (most page views, and every crawler's).
  const session = cookieOf(request, 'tc_session')
    ? await serverCall(request, endpoints.auth.session, {}, { cookies: true }).catch(() => null)
    : null;
  return {
    isAuthenticated: session?.isAuthenticated ?? false,
    user: session?.user ?? null,
    csrfToken: cookieOf(request, 'tc_csrf') ?? null,
    environmentVariables: publicEnvironment(),
    featureToggles: { isSignUpEnabled: webConfig.isSignUpEnabled },
    debugErrors: webConfig.debugErrors,
  };
}

/** A page whose loader failed has no meta of its own: the root names it (a 404 by the title its loader gave). */
export const meta: Route.MetaFunction = ({ error }) => {
  if (!error) return [];
  if (!isRouteErrorResponse(error) || error.status !== 404) return [{ title: `Something went wrong · ${PRODUCT}` }];
  const title = (error.data as { title?: unknown } | undefined)?.title;
  return [{ title: `${typeof title === 'string' ? title : 'Page not found'} · ${PRODUCT}` }];
};

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: STALE_TIME_MS, retry: 1 } } }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider
        isAuthenticated={loaderData.isAuthenticated}
        user={loaderData.user}
        csrfToken={loaderData.csrfToken}
      >
        <SiteHeader />
        <main id="main" className="page">
          <Outlet />
        </main>
        <SiteFooter />
      </SessionProvider>
    </QueryClientProvider>
  );
}

function SiteHeader() {
  const { isMember, isCreator } = useSession();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <header className="site-header">
      <nav aria-label="Main">
        <Link to="/" className="brand">
          {PRODUCT}
        </Link>
        <Link to="/faq">FAQ</Link>
        {isMember ? (
          <>
            {isCreator ? <Link to="/dashboard">Dashboard</Link> : null}
            <Link to="/user/trips">Your trips</Link>
            <Link to="/logout">Sign out</Link>
          </>
        ) : (
          <Link to={`/signIn?returnUrl=${encodeURIComponent(here)}`}>Sign in</Link>
        )}
      </nav>
    </header>
  );
}

function SiteFooter() {
  return (
    <footer className="site-footer">
      <p>
        {PRODUCT} · <Link to="/faq">Questions and answers</Link> · Prices include taxes and fees.
      </p>
    </footer>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRootData();
  if (isRouteErrorResponse(error) && error.status === 404) {
    const title = (error.data as { title?: unknown } | undefined)?.title;
    return (
      <main id="main" className="page">
        <NotFound title={typeof title === 'string' ? title : undefined} />
      </main>
    );
  }
  const details = root?.debugErrors && error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : null;
  return (
    <main id="main" className="page stack">
      <h1>Something went wrong</h1>
      <p>An unexpected error occurred, please try again later.</p>
      <Link className="button" data-variant="primary" to="/">
        Go Back To Home
      </Link>
      {details ? <pre className="error-details">{details}</pre> : null}
    </main>
  );
}
