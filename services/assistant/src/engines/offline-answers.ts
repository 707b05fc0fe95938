// The offline engine's answers, written from templates over tool results only: every hotel, price and figure
// in them is a field a tool returned (docs/assistant.md, "Grounding").
import type { DestinationIdeas } from '@travelclub/contracts';
import { formatStay, joinWords, plural } from '../domain/format.js';
import type { HotelFacts, HotelSearchData } from '../tools/catalog-tools.js';

const SORT_WORDS = {
  relevance: 'our best matches first',
  cheapest: 'cheapest first',
  'best-rated': 'best rated first',
};

export const guestWords = (guests: number) => plural(guests, 'guest');

function hotelLine(h: HotelFacts, index: number): string {
  const facts = [
    `${h.price} for the stay (${h.roomType}${h.freeCancellation ? ', free cancellation' : ''})`,
    h.rating !== null ? `rated ${h.rating.toFixed(1)}/10 by ${plural(h.reviews, 'guest')}` : null,
    h.stars ? `${h.stars} stars` : null,
  ].filter(Boolean);
  return `${index + 1}. [${h.name}](${h.url}): ${facts.join('; ')}`;
}

export function hotelsAnswer(data: HotelSearchData, sort: keyof typeof SORT_WORDS): string {
  const stay = `${formatStay(data.checkIn, data.checkOut)} for ${guestWords(data.guests)}`;
  if (!data.hotels.length)
    return `No hotel in ${data.destination} has a room left for ${stay}. Other dates may work: tell me which.`;
  return [
    `Here ${data.hotels.length === 1 ? 'is 1 hotel' : `are ${data.hotels.length} hotels`} in ${data.destination} with rooms for ${stay}, ${SORT_WORDS[sort]}:`,
    '',
    ...data.hotels.map(hotelLine),
    '',
    `[See all ${plural(data.available, 'hotel')} with rooms in ${data.destination}](${data.searchUrl}).`,
    'Shall I draft a recommendation for one of them? Say, for example, “draft a recommendation for the first one”.',
  ].join('\n');
}

export interface AvailabilityData {
  hotel: { id: string; name: string; url: string };
  checkIn: string;
  checkOut: string;
  guests: number;
  available: boolean;
  roomTypes: { name: string; roomsLeft: number; rates: { name: string; price: string; freeCancellation: boolean }[] }[];
}

export function availabilityAnswer(data: AvailabilityData): string {
  const stay = `${formatStay(data.checkIn, data.checkOut)} for ${guestWords(data.guests)}`;
  const hotel = `[${data.hotel.name}](${data.hotel.url})`;
  if (!data.available || !data.roomTypes.length) return `${hotel} has no room left for ${stay}.`;
  const lines = data.roomTypes.map((rt) => {
    const rates = rt.rates.map((r) => `${r.name} ${r.price}${r.freeCancellation ? ' (free cancellation)' : ''}`);
    return `- ${rt.name} (${plural(rt.roomsLeft, 'room')} left): ${joinWords(rates)}`;
  });
  return [`${hotel} has rooms for ${stay}. Prices are for the whole stay:`, '', ...lines].join('\n');
}

export interface NumbersData {
  from: string;
  to: string;
  pageViews: number;
  uniqueVisitors: number;
  newSubscribers: number;
  searches: number;
  itinerariesStarted: number;
  bookings: number;
  cancellations: number;
  bookingValue: string;
  commission: string;
  commissionReversed: string;
}

export function numbersAnswer(data: NumbersData, label: string): string {
  return [
    `Your club, ${label} (${formatStay(data.from, data.to).replace(/ \(.*\)$/, '')}):`,
    '',
    `- ${plural(data.pageViews, 'page view')} from ${plural(data.uniqueVisitors, 'visitor')}`,
    `- ${plural(data.newSubscribers, 'new subscriber')} (net)`,
    `- ${plural(data.searches, 'search', 'searches')} and ${plural(data.itinerariesStarted, 'itinerary', 'itineraries')} started from your pages`,
    `- ${plural(data.bookings, 'booking')}${data.bookings ? ` worth ${data.bookingValue}` : ''}, ${plural(data.cancellations, 'cancellation')}`,
    `- Commission earned: ${data.commission}; taken back by refunds: ${data.commissionReversed}`,
    '',
    'The day-by-day chart is on [your analytics](/dashboard/analytics).',
  ].join('\n');
}

export interface IncomeData {
  commissionRate: number;
  balances: { currency: string; payable: string; pending: string; paidOut: string }[];
}

export function incomeAnswer(data: IncomeData): string {
  const rate = `You earn ${Math.round(data.commissionRate * 1000) / 10}% commission on the bookings you bring.`;
  if (!data.balances.length) return `${rate} No commission yet: it shows here after your first booking.`;
  const lines = data.balances.map(
    (b) => `- ${b.currency}: ${b.payable} payable, ${b.pending} pending (stays still to come), ${b.paidOut} paid out`,
  );
  return [rate, '', ...lines, '', 'Payouts and their history are on [your income page](/dashboard/income).'].join('\n');
}

export function ideasAnswer(data: DestinationIdeas): string {
  const heard = data.understood.length ? ['I read your wish as:', ...data.understood.map((u) => `- ${u}`), ''] : [];
  const unchecked = data.notChecked.map((n) => `- ${n}`);
  if (!data.ideas.length) return [...heard, 'I found no destination in the catalog for that.', ...unchecked].join('\n');
  return [
    ...heard,
    ...data.ideas.map((idea, i) => `${i + 1}. [${idea.destination.label}](${idea.searchUrl}): ${idea.reason}`),
    ...(unchecked.length ? ['', 'What I could not check:', ...unchecked] : []),
  ].join('\n');
}

export const HELP = [
  'I am Taylor, your travel assistant. I work with live prices from our catalog and with your own club. Ask me, for example:',
  '',
  '- “Three hotels in Lisbon for next weekend for two” (add “cheapest” or “best rated”)',
  '- “Is the first one available from 4 to 6 December?”',
  '- “Draft a recommendation for the second one”',
  '- “Show my numbers for last month” or “What did I earn?”',
  '- “Suggest a quiet town in Portugal in May”',
  '',
  'I only read and draft: I never publish, delete, book or spend anything. Drafts wait for you in [your drafts](/dashboard/stays).',
].join('\n');
