// The catalog in memory: every hotel's list, map and price facts, hotels per destination in ranked order,
// and the autocomplete and map indexes, all built from MongoDB. Searches never touch the database.
import type { City, Country, Destination, Destinations, LocationType } from '@travelclub/contracts';
import { LRUCache } from 'lru-cache';
import type { StoredHotel } from '../domain/types.js';
import { AutocompleteIndex, type AutocompleteEntry } from './autocomplete-index.js';
import { MapIndex } from './map-index.js';
import { normalizeText } from './normalize.js';

/**
 * What the index keeps of a hotel (see INDEX_PROJECTION): no long texts, no images beyond the title, room
 * types cheapest first.
 */
export type IndexedHotel = Pick<
  StoredHotel,
  | '_id'
  | 'name'
  | 'slug'
  | 'address'
  | 'coordinates'
  | 'destinationId'
  | 'images'
  | 'ratingSummary'
  | 'reviewRating'
  | 'starRating'
  | 'hotelLocation'
  | 'currency'
  | 'basePrice'
  | 'popularity'
  | 'ratePlans'
> & {
  likes: number;
  roomTypes: Pick<StoredHotel['roomTypes'][number], 'type' | 'name' | 'maxGuests' | 'count' | 'priceFactor'>[];
};

/** Hotels rank below every city in autocomplete when they match as well: their weight stays under this. */
const HOTEL_WEIGHT_CAP = 10_000;

/**
 * How many autocomplete answers an index keeps as JSON text (least recently asked dropped first): 1 to 4 KB
 * each, so at most some 8 MB, while the short prefixes travellers type most stay answered from memory.
 */
export const SUGGESTION_CACHE_SIZE = 2_000;

const suggestionKey = (query: string, take: number) => `${take}|${normalizeText(query)}`;

export interface DestinationInfo {
  id: string;
  name: string;
  locationType: LocationType;
  countryCode: string;
  label: string;
  coordinates?: { latitude: number; longitude: number };
  /** Population: ranks autocomplete. */
  size: number;
}

export class CatalogIndex {
  readonly hotels: IndexedHotel[];
  private readonly byId = new Map<string, number>();
  private readonly bySlug = new Map<string, number>();
  /** Destination id → hotel ordinals, most popular first. */
  private readonly lists = new Map<string, number[]>();
  private readonly places = new Map<string, DestinationInfo>();
  /** Every hotel ordinal, most popular first. */
  readonly popular: number[];
  readonly autocomplete: AutocompleteIndex;
  readonly map: MapIndex;
  /** Each hotel's summary as JSON, written once when first shown (see Searcher); indexed by ordinal. */
  readonly summaryJson: (string | undefined)[] = [];
  /**
   * Autocomplete answers as JSON text, by take and normalized query. Everything an answer shows (names,
   * labels, coordinates, hotel counts) is fixed for the life of the index; a rebuild starts an empty cache.
   * The least recently asked go first.
   */
  private readonly suggestions = new LRUCache<string, string>({ max: SUGGESTION_CACHE_SIZE });

  constructor(hotels: IndexedHotel[], destinations: Destinations) {
    this.hotels = hotels;
    const countryNames = new Map(destinations.countries.map((c) => [c.countryCode, c.name]));
    const place = (p: City | Country, locationType: LocationType, label: string) =>
      this.places.set(p.id, {
        id: p.id,
        name: p.name,
        locationType,
        countryCode: p.countryCode,
        label,
        coordinates: { latitude: p.latitude, longitude: p.longitude },
        size: p.population,
      });
    for (const country of destinations.countries) place(country, 'country', country.name);
    for (const city of destinations.cities)
      place(city, 'city', `${city.name}, ${countryNames.get(city.countryCode) ?? city.countryCode}`);

    const better = (a: number, b: number) => {
      const ha = hotels[a]!;
      const hb = hotels[b]!;
      return hb.popularity - ha.popularity || (ha._id < hb._id ? -1 : 1);
    };
    this.popular = hotels.map((_, i) => i).sort(better);
    const rank = new Uint32Array(hotels.length);
    this.popular.forEach((ordinal, position) => (rank[ordinal] = position));

    for (const ordinal of this.popular) {
      const hotel = hotels[ordinal]!;
      // Cheapest first: a search wants the cheapest room type that is left (sorted in place, once).
      hotel.roomTypes.sort((a, b) => a.priceFactor - b.priceFactor);
      this.byId.set(hotel._id, ordinal);
      this.bySlug.set(hotel.slug, ordinal);
      for (const key of [hotel.destinationId, `country-${hotel.address.countryCode}`]) {
        const list = this.lists.get(key);
        if (list) list.push(ordinal);
        else this.lists.set(key, [ordinal]);
      }
    }

    // A loop, not Math.max(...hotels): 200,000 arguments overflow the stack.
    let maxPopularity = 1;
    for (const hotel of hotels) if (hotel.popularity > maxPopularity) maxPopularity = hotel.popularity;
    const entries: AutocompleteEntry[] = [];
    for (const place of this.places.values())
      entries.push({ id: place.id, name: place.name, kind: place.locationType, weight: place.size });
    for (const hotel of hotels)
      entries.push({
        id: `hotel-${hotel._id}`,
        name: hotel.name,
        kind: 'hotel',
        weight: Math.round((hotel.popularity / maxPopularity) * HOTEL_WEIGHT_CAP),
      });
    this.autocomplete = new AutocompleteIndex(entries);
    this.map = new MapIndex(
      hotels.map((h, ordinal) => ({
        ordinal,
        longitude: h.coordinates.longitude,
        latitude: h.coordinates.latitude,
        rank: rank[ordinal]!,
      })),
    );
  }

  get size() {
    return this.hotels.length;
  }

  hotel(id: string): IndexedHotel | undefined {
    const ordinal = this.byId.get(id);
    return ordinal === undefined ? undefined : this.hotels[ordinal];
  }

  hotelBySlug(slug: string): IndexedHotel | undefined {
    const ordinal = this.bySlug.get(slug);
    return ordinal === undefined ? undefined : this.hotels[ordinal];
  }

  /** The hotels listed under a destination, most popular first; undefined for an unknown destination. */
  hotelsOf(destinationId: string): readonly number[] | undefined {
    if (destinationId.startsWith('hotel-')) {
      const ordinal = this.byId.get(destinationId.slice('hotel-'.length));
      return ordinal === undefined ? undefined : [ordinal];
    }
    if (!this.places.has(destinationId)) return undefined;
    return this.lists.get(destinationId) ?? [];
  }

  destination(id: string): Destination | undefined {
    if (id.startsWith('hotel-')) {
      const hotel = this.hotel(id.slice('hotel-'.length));
      if (!hotel) return undefined;
      const city = this.places.get(hotel.destinationId);
      return {
        id,
        name: hotel.name,
        locationType: 'hotel',
        countryCode: hotel.address.countryCode,
        label: city ? `${hotel.name}, ${city.label}` : hotel.name,
        coordinates: hotel.coordinates,
        hotelCount: 1,
      };
    }
    const place = this.places.get(id);
    if (!place) return undefined;
    const { size: _size, ...shown } = place;
    return { ...shown, hotelCount: this.lists.get(id)?.length ?? 0 };
  }

  /** Destinations by prefix (case and accents ignored), by relevance and size. */
  suggest(query: string, take: number): Destination[] {
    return this.autocomplete
      .search(query, take)
      .map((entry) => this.destination(entry.id))
      .filter((d): d is Destination => d !== undefined);
  }

  /**
   * `suggest`'s answer as JSON text: the same text for every query that normalizes alike, written once and
   * kept for the `SUGGESTION_CACHE_SIZE` most recently asked queries.
   */
  suggestJson(query: string, take: number): string {
    const key = suggestionKey(query, take);
    const kept = this.suggestions.get(key);
    if (kept !== undefined) return kept;
    const json = JSON.stringify(this.suggest(query, take));
    this.suggestions.set(key, json);
    return json;
  }

  /** How many autocomplete answers are kept as text. */
  get suggestionsKept(): number {
    return this.suggestions.size;
  }

  /** Whether the answer to `query` (normalized) for `take` is kept as text. */
  keepsSuggestion(query: string, take: number): boolean {
    return this.suggestions.has(suggestionKey(query, take));
  }

  /** Changes a hotel's like count in place (the list order follows popularity, not likes). */
  setLikes(hotelId: string, likes: number) {
    const hotel = this.hotel(hotelId);
    if (hotel) hotel.likes = likes;
  }
}
