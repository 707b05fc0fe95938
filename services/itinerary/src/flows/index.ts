// The itinerary's use cases, one file a capability, made once from the service's parts: the routes and the
// event consumers call these, and nothing else changes an itinerary.
import type { Logger, ServiceClient } from '@travelclub/kit';
import type { ItineraryStore } from '../store/itineraries.js';
import { itineraryAccess } from './access.js';
import { cancellationFlows } from './cancellation.js';
import { cartHolds } from './cart-holds.js';
import { cartFlows } from './cart.js';
import { checkoutFlows } from './checkout.js';
import { guestFlows } from './guests.js';
import { itineraryFlows } from './itineraries.js';
import type { BookingMailer } from './mails.js';
import { packageBookingFlows } from './package-booking.js';
import { invoiceWithdrawalFlows } from './invoice-withdrawal.js';
import { reactionFlows } from './reactions.js';
import { supportFlows } from './support.js';

export interface FlowParts {
  store: ItineraryStore;
  /** The catalog (room holds), billing (invoices) and the creator service (travel packages). */
  catalog: ServiceClient;
  billing: ServiceClient;
  creator: ServiceClient;
  mailer: BookingMailer;
  log: Logger;
}

export function bookingFlows(parts: FlowParts) {
  const access = itineraryAccess(parts);
  const holds = cartHolds(parts);
  const withdrawal = invoiceWithdrawalFlows(parts);
  const cancellation = cancellationFlows({ ...parts, access, withdrawal });
  return {
    itineraries: itineraryFlows({ ...parts, access }),
    cart: cartFlows({ access, holds, withdrawal }),
    packages: packageBookingFlows({ ...parts, holds }),
    guests: guestFlows({ access }),
    checkout: checkoutFlows({ ...parts, holds, access, withdrawal }),
    cancellation,
    reactions: reactionFlows({ ...parts, cancellation }),
    support: supportFlows(parts),
  };
}
export type BookingFlows = ReturnType<typeof bookingFlows>;
