// Google and Facebook sign-in: the start (a redirect to the provider, or JSON for a script), the provider's
// callback (a redirect to the web app), the exchange of the result code, and which providers are on.
import type { endpoints } from '@travelclub/contracts';
import type { Handlers } from '@travelclub/kit';
import type { AuthConfig } from '../config.js';
import type { AuthFlows } from '../flows/index.js';

/** The cookie that ties a provider sign-in to the browser that started it. */
const BROWSER_COOKIE = 'tc_oauth';
const COOKIE_PATH = '/api/v1/auth/oauth';

type Endpoints = Pick<typeof endpoints.auth, 'oauthStart' | 'oauthCallback' | 'oauthExchange' | 'oauthProviders'>;

export function oauthRoutes({ oauth }: AuthFlows, config: AuthConfig): Handlers<Endpoints> {
  return {
    // An anonymous visitor's token (on a fetch of this URL) makes a new account an upgrade of theirs.
    oauthStart: async ({ params, query, user, req }, reply) => {
      const { url, browser, maxAgeSeconds } = await oauth.start(params.provider, query, user);
      reply.setCookie(BROWSER_COOKIE, browser, {
        httpOnly: true,
        secure: config.COOKIE_SECURE,
        sameSite: 'lax',
        path: COOKIE_PATH,
        maxAge: maxAgeSeconds,
      });
      // A script (carrying the visitor's token) asks for JSON and then sends the browser itself.
      if (req.headers.accept?.includes('application/json')) return { url };
      return reply.redirect(url, 302);
    },

    oauthCallback: async ({ params, query, ctx, req }, reply) => {
      const takeBrowserSecret = () => {
        const secret = req.cookies[BROWSER_COOKIE];
        reply.clearCookie(BROWSER_COOKIE, { path: COOKIE_PATH });
        return secret;
      };
      const callback = { provider: params.provider, query, url: req.url, takeBrowserSecret };
      return reply.redirect(await oauth.callback(callback, ctx, req.log), 302);
    },

    oauthExchange: ({ body }) => oauth.exchange(body.code),

    oauthProviders: async () => ({ providers: oauth.configured() }),
  };
}
