// The itinerary service's contracts (itineraries (the cart), checkout, cancellation, and support's desk for
// bookings): its schemas (api), its endpoint definitions and its events. The registry of every service's endpoints
// is ../endpoints.ts.
export * from './api.js';
export * from './support-api.js';
export * from './support-endpoints.js';
