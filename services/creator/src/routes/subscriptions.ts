// Email subscribers: thin handlers over the subscription flows, and the form parser RFC 8058's one-click POST
// needs (mail clients send `List-Unsubscribe=One-Click` form-encoded, which no other route accepts).
import { endpoints, subscriptionMessages } from '@travelclub/contracts';
import { appError, type Handlers, type ServiceApp } from '@travelclub/kit';
import type { SubscriptionFlows } from '../flows/subscriptions.js';

type SubscriptionEndpoints = Pick<
  typeof endpoints.creator,
  | 'subscribe'
  | 'confirmSubscription'
  | 'readSubscription'
  | 'unsubscribe'
  | 'oneClickUnsubscribe'
  | 'unsubscribeFromCreator'
>;

const FORM = 'application/x-www-form-urlencoded';

/**
 * Lets the one-click route read a form body (small: the one key/value pair); every other route keeps refusing
 * forms with 415, as before. Multipart, RFC 8058's other encoding, is read by the app's multipart plugin.
 */
export function acceptOneClickForms(app: ServiceApp): void {
  if (app.hasContentTypeParser(FORM)) return;
  const { method, path } = endpoints.creator.oneClickUnsubscribe;
  app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 1_024 }, (req, body, done) => {
    if (req.method !== method || req.routeOptions.url !== path) return done(appError('unsupported-media-type'));
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
}

export function subscriptionRoutes(subscriptions: SubscriptionFlows): Handlers<SubscriptionEndpoints> {
  return {
    subscribe: async ({ body, user, req }) => {
      await subscriptions.subscribe(body, user, req.ip);
      return { message: subscriptionMessages.checkInbox };
    },

    confirmSubscription: ({ params, query, ctx }) => subscriptions.confirm(params.id, query.confirmationCode, ctx),

    readSubscription: ({ params, query, req }) => subscriptions.summary(params.id, query.token, req.ip),

    unsubscribe: async ({ params, query, ctx }, reply) => {
      await subscriptions.unsubscribeWithToken(params.id, query.token, ctx);
      return reply.send();
    },

    oneClickUnsubscribe: async ({ params, query, ctx }, reply) => {
      await subscriptions.unsubscribeWithToken(params.id, query.token, ctx);
      return reply.send();
    },

    unsubscribeFromCreator: async ({ query, user, ctx }, reply) => {
      await subscriptions.unsubscribeAccount(user.id, query.creatorId, ctx);
      return reply.send();
    },
  };
}
