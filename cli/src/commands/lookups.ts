// Reads several commands share: an account by email or id, an itinerary's event history.
import { endpoints, type SupportAccount } from '@travelclub/contracts';
import type { Context } from '../context.js';

/** An account by what staff have at hand: its email (anything with an @) or its id. */
export function findAccount(ctx: Context, emailOrId: string): Promise<SupportAccount> {
  const query = emailOrId.includes('@') ? { email: emailOrId } : { id: emailOrId };
  return ctx.client.call(endpoints.auth.findAccount, { query });
}

/** The events that named an id (as their aggregate or in their payload), oldest first. */
export async function eventsAbout(ctx: Context, id: string, limit = 200) {
  const { events } = await ctx.client.call(endpoints.notifications.supportEvents, { query: { aggregate: id, limit } });
  return events;
}
