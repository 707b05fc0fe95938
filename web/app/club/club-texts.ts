// Every text the club pages and the subscriber pages show, in one place: the pages and their tests read the same
// words. Texts that name the creator are functions of their public name.
import { possessive } from './club-data';

export const PROFILE_NOT_FOUND = 'Profile not found';
export const ITINERARY_NOT_FOUND = 'Itinerary not found';

export const clubTexts = {
  verified: 'Verified creator',
  tabsLabel: (name: string) => `${possessive(name)} club`,
  tabs: { home: 'Home', stays: 'Stays', explore: 'Explore', itineraries: 'Itineraries' },
  linksLabel: (name: string) => `${possessive(name)} links`,

  staysTitle: (name: string) => `Stays ${name} recommends`,
  allStaysTitle: 'Recommended stays',
  seeAllStays: 'See all stays',
  noStays: (name: string) => `${name} hasn't recommended any stays yet. Check back soon!`,
  fromPrice: (price: string) => `from ${price} a night`,
  staySubtitle: (hotel: string, city: string) => `${hotel} · ${city}`,

  packagesTitle: (name: string) => `Trips with ${name}`,
  noTrips: 'No trips yet.',
  perPerson: (price: string) => `from ${price} per person`,
  priceOnRequest: 'Price on request',
  nights: (n: number) => (n === 1 ? '1 night' : `${n} nights`),
  anyDate: 'Any date you like',
  departures: (n: number) => (n === 1 ? '1 departure date' : `${n} departure dates`),

  guidesTitle: (name: string) => `Itineraries by ${name}`,
  seeAllGuides: 'See all itineraries',
  noGuides: (name: string) => `No itineraries yet. ${name} is still writing, so check back soon!`,
  published: (date: string) => `Published ${date}`,

  gettingStarted: (name: string) =>
    `${name} is just getting started. Subscribe to hear first when new stays and trips arrive.`,

  editProfile: 'Edit profile',
  manageStays: 'Manage stays',
  manageItineraries: 'Manage itineraries',
  addFirstStay: 'Recommend your first stay',
  addFirstTrip: 'Create your first trip or itinerary',
} as const;

export const subscribeTexts = {
  title: (name: string) => `Join ${possessive(name)} travel club`,
  pitch: (name: string) =>
    `New stays, trips and guides from ${name}, straight to your inbox. Unsubscribe in one click, any time.`,
  label: 'Email address',
  button: 'Subscribe',
  pending: 'Subscribing…',
  /** The same answer whatever the address's state (the creator service's `subscriptionMessages.checkInbox`). */
  checkInbox: 'Please check your inbox to confirm your subscription.',
  tooMany: 'Too many attempts from here. Please try again in a few minutes.',
  failed: "We couldn't subscribe you just now. Please try again later.",
} as const;

export const exploreTexts = {
  destinationsTitle: (name: string) => `Where ${name} travels`,
  destinationsHint: 'Pick a place to search its stays, then choose your dates.',
  staysIn: (count: number) => (count === 1 ? '1 stay' : `${count} stays`),
  searchTitle: 'Search stays',
  pickedTitle: (name: string) => `Picked by ${name}`,
  moreTitle: 'More stays travellers love',
} as const;

export const guideTexts = {
  back: 'All itineraries',
  by: (name: string) => `By ${name}`,
  day: (n: number, title: string) => `Day ${n} · ${title}`,
  places: 'Places',
  stayAt: (hotel: string) => `Stay at ${hotel}`,
  seeRooms: 'See rooms and prices',
} as const;

export const confirmTexts = {
  askTitle: 'Confirm your subscription',
  askBody: 'Press the button to start getting emails about new stays, trips and guides from this club.',
  button: 'Confirm subscription',
  pending: 'Confirming…',
  failed: "We couldn't confirm your subscription just now. Please try again in a moment.",
  title: (name: string) => `You're subscribed to ${possessive(name)} club`,
  titleNoName: "You're subscribed",
  body: (name: string) => `Thanks for confirming. New stays, trips and guides from ${name} will come to your inbox.`,
  bodyNoName: 'Thanks for confirming. New stays, trips and guides will come to your inbox.',
  visit: (name: string) => `Visit ${possessive(name)} club`,
  invalidTitle: "This confirmation link doesn't work any more",
  invalidBody:
    "It may have expired or been used already. If you confirmed before, you're all set. Otherwise, subscribe again from the club page to get a new link.",
  home: 'Go Back To Home',
} as const;

export const unsubscribeTexts = {
  title: "Unsubscribe from this club's emails?",
  titleFor: (name: string) => `Unsubscribe from ${possessive(name)} club emails?`,
  body: 'You will stop getting emails about new stays, trips and guides from this creator.',
  bodyFor: (name: string) => `You will stop getting emails about new stays, trips and guides from ${name}.`,
  button: 'Unsubscribe',
  pending: 'Unsubscribing…',
  doneTitle: "You're unsubscribed",
  doneBody: "You won't get these emails any more. Changed your mind? Subscribe again from the club page at any time.",
  invalidTitle: "This unsubscribe link isn't valid",
  invalidBody: 'Please use the unsubscribe link in the latest email you received from this club.',
  failed: "We couldn't unsubscribe you just now. Please try again in a moment.",
  home: 'Go Back To Home',
} as const;

export const noteTexts = {
  recommendedBy: (name: string) => `Recommended by ${name}`,
  fromClub: (name: string) => `You're browsing from ${possessive(name)} club.`,
  visitClub: (name: string) => `Visit ${possessive(name)} club`,
} as const;
