// The offline engine (docs/assistant.md): Taylor without a language model, the default of `npm start` and the
// tests. It reads the common requests with chrono-node (dates), the platform's word segmenter and fuzzy matching
// against the catalog's destinations, calls the same tools a model would, and answers from templates, word by
// word. It is deterministic: the same message, day and tool results give the same answer.
import type { DestinationIdeas } from '@travelclub/contracts';
import { formatStay, plural } from '../domain/format.js';
import { kindOf, listWish, periodOf, pickHotel, placeOf, stayOf, type RequestKind } from '../domain/requests.js';
import type { HotelSearchData } from '../tools/catalog-tools.js';
import type { Engine, HistoryMessage, Toolbox, TurnInput } from './engine.js';
import {
  HELP,
  guestWords,
  availabilityAnswer,
  hotelsAnswer,
  ideasAnswer,
  incomeAnswer,
  numbersAnswer,
  type AvailabilityData,
  type IncomeData,
  type NumbersData,
} from './offline-answers.js';

type Hotel = NonNullable<HistoryMessage['hotels']>[number];

/** The hotel a message means among those Taylor named, its latest answers first ("the second one"). */
function hotelMeant(text: string, history: readonly HistoryMessage[]): Hotel | null {
  for (let i = history.length - 1; i >= 0; i--) {
    const { role, hotels } = history[i]!;
    const found = role === 'assistant' && hotels?.length ? pickHotel(text, hotels) : null;
    if (found) return found;
  }
  return null;
}

const WHICH_HOTEL =
  'Which hotel do you mean? Ask me for hotels first (“hotels in Lisbon next weekend for two”), then say, for example, “the second one”.';
const failed = (summary: string) => `I could not do that: ${summary}.`;

interface HotelDetails {
  id: string;
  name: string;
  address: string;
  city: string;
  stars: number | null;
  rating: number | null;
  reviews: number;
  facilities: string[];
  url: string;
}

/** A first draft in the creator's voice, from the hotel's facts only. */
function recommendationText(h: HotelDetails): string {
  const facts = [
    h.stars ? `a ${h.stars}-star stay` : 'a stay',
    h.rating !== null ? `rated ${h.rating.toFixed(1)}/10 by ${plural(h.reviews, 'guest')}` : null,
  ].filter(Boolean);
  const extras = h.facilities.slice(0, 3).map((f) => f.toLowerCase());
  return [
    `${h.name} is one of my picks in ${h.city}: ${facts.join(', ')}.`,
    extras.length ? `What I like: ${extras.join(', ')}.` : '',
    'Book it through my club to see live prices for your dates.',
  ]
    .filter(Boolean)
    .join(' ');
}

type Answerer = (turn: TurnInput, tools: Toolbox) => Promise<string>;

const ANSWERS: Record<RequestKind, Answerer> = {
  async hotels({ text, today, emit }, tools) {
    const place = placeOf(text);
    if (!place)
      return 'Where should I look? Name a city or a country, for example “hotels in Lisbon next weekend for two”.';
    const stay = stayOf(text, today);
    const { limit, sort } = listWish(text);
    const { checkIn, checkOut, guests } = stay;
    // Said before the search runs: the creator sees at once how the request was read.
    const opening = `Checking live prices in ${place} for ${formatStay(checkIn, checkOut)}, ${guestWords(guests)}.\n\n`;
    emit(opening);
    const result = await tools.call('search_hotels', { destination: place, checkIn, checkOut, guests, sort, limit });
    return opening + (result.ok ? hotelsAnswer(result.data as HotelSearchData, sort) : failed(result.summary));
  },

  async availability({ text, today, history }, tools) {
    const hotel = hotelMeant(text, history);
    if (!hotel) return WHICH_HOTEL;
    const { checkIn, checkOut, guests } = stayOf(text, today);
    const result = await tools.call('check_availability', { hotelId: hotel.id, checkIn, checkOut, guests });
    return result.ok ? availabilityAnswer(result.data as AvailabilityData) : failed(result.summary);
  },

  async 'draft-recommendation'({ text, history }, tools) {
    const hotel = hotelMeant(text, history);
    if (!hotel) return WHICH_HOTEL;
    const details = await tools.call('hotel_details', { hotelId: hotel.id });
    if (!details.ok) return failed(details.summary);
    const facts = details.data as HotelDetails;
    const draftText = recommendationText(facts);
    const saved = await tools.call('draft_recommendation', { hotelId: hotel.id, text: draftText });
    if (!saved.ok) return failed(saved.summary);
    const { reviewUrl } = saved.data as { reviewUrl: string };
    return [
      `I saved a draft recommendation for [${facts.name}](${facts.url}). It is not published: [review and publish it](${reviewUrl}) when you are happy with it.`,
      '',
      `“${draftText}”`,
    ].join('\n');
  },

  async 'draft-post'({ text }, tools) {
    const mine = await tools.call('my_packages', {});
    if (!mine.ok) return failed(mine.summary);
    const { packages } = mine.data as {
      packages: { id: string; title: string; status: string; nights: number; pricePerPerson: string | null }[];
    };
    const lower = text.toLowerCase();
    const chosen =
      packages.find((p) => lower.includes(p.title.toLowerCase())) ?? packages.find((p) => p.status === 'active');
    if (!chosen)
      return 'You have no published package to announce yet. Build one in [your packages](/dashboard/manage-itineraries).';
    const price = chosen.pricePerPerson ? ` from ${chosen.pricePerPerson} per person` : '';
    const post = `New on my travel club: ${chosen.title}, ${plural(chosen.nights, 'night')}${price}. Dates and rooms are live on my club page, book before they go!`;
    const saved = await tools.call('draft_post', { packageId: chosen.id, text: post });
    if (!saved.ok) return failed(saved.summary);
    const { reviewUrl } = saved.data as { reviewUrl: string };
    return [`I drafted a post announcing ${chosen.title}. It is in [your drafts](${reviewUrl}):`, '', `“${post}”`].join(
      '\n',
    );
  },

  async numbers({ text, today }, tools) {
    const period = periodOf(text, today);
    const result = await tools.call('my_numbers', { from: period.from, to: period.to });
    return result.ok ? numbersAnswer(result.data as NumbersData, period.label) : failed(result.summary);
  },

  async income(_turn, tools) {
    const result = await tools.call('my_income', {});
    return result.ok ? incomeAnswer(result.data as IncomeData) : failed(result.summary);
  },

  async 'my-stays'(_turn, tools) {
    const result = await tools.call('my_recommendations', {});
    if (!result.ok) return failed(result.summary);
    const { recommendations } = result.data as { recommendations: { title: string; shown: boolean }[] };
    if (!recommendations.length) return 'You have no recommended stays yet. Ask me for hotels, then for a draft.';
    const lines = recommendations.map((r) => `- ${r.title}${r.shown ? '' : ' (hidden)'}`);
    return [
      `You recommend ${plural(recommendations.length, 'stay')}:`,
      '',
      ...lines,
      '',
      'Manage them in [your stays](/dashboard/manage-stays).',
    ].join('\n');
  },

  async 'my-packages'(_turn, tools) {
    const result = await tools.call('my_packages', {});
    if (!result.ok) return failed(result.summary);
    const { packages } = result.data as {
      packages: { title: string; status: string; nights: number; pricePerPerson: string | null }[];
    };
    if (!packages.length)
      return 'You have no packages yet. Build one in [your packages](/dashboard/manage-itineraries).';
    const lines = packages.map(
      (p) =>
        `- ${p.title}: ${plural(p.nights, 'night')}, ${p.pricePerPerson ? `${p.pricePerPerson} per person` : 'priced live'} (${p.status})`,
    );
    return [`You have ${plural(packages.length, 'package')}:`, '', ...lines].join('\n');
  },

  async ideas({ text }, tools) {
    const result = await tools.call('suggest_destinations', { wish: text });
    return result.ok ? ideasAnswer(result.data as DestinationIdeas) : failed(result.summary);
  },

  async help({ text }) {
    if (/\b(publish|delete|remove|book|buy|pay|refund|spend)\b/i.test(text))
      return 'I cannot publish, delete, book or pay for anything: I only read and draft. Drafts wait for you in [your drafts](/dashboard/stays).';
    if (/\bpackage\b/i.test(text))
      return 'Drafting a package outline needs the language model, which is not set up here. You can build one in [your packages](/dashboard/experiences/add).';
    return HELP;
  },
};

/** Streams an answer word by word, as a model would. */
function stream(text: string, emit: (piece: string) => void) {
  for (const piece of text.match(/\S+\s*|\s+/g) ?? []) emit(piece);
}

export function createOfflineEngine(): Engine {
  return {
    name: 'offline',
    async reply(turn) {
      // An answer may say its first words before its tools run; the rest streams once it is written.
      let said = '';
      const emit = (words: string) => stream(words, (piece) => ((said += piece), turn.emit(piece)));
      const text = await ANSWERS[kindOf(turn.text)]({ ...turn, emit }, turn.tools);
      if (!text.startsWith(said)) throw new Error('an offline answer must begin with what it already said');
      stream(text.slice(said.length), turn.emit);
      return { text, tokensUsed: 0 };
    },
  };
}
