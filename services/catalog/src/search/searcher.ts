// Answers searches, map viewports and availability checks from memory: the catalog index, the price
// model and the availability projection. Work per answer grows with the page asked for, not the catalog.
import {
  convert,
  exchangeRatesRef,
  type AvailableRoomType,
  type BoundingBox,
  type HotelResult,
  type HotelSummary,
  type PricedHotelSummary,
  type SearchCriteria,
  type SearchPage,
} from '@travelclub/contracts';
import { appError } from '@travelclub/kit';
import { leadPrice, nightsOf } from '../domain/pricing.js';
import { addressLine, orderRoomTypes, tagRate } from '../domain/rate-order.js';
import { buildRate, quoteRate } from '../domain/rates.js';
import { pageWithRoomsFirst } from '../domain/result-order.js';
import type { StoredHotel } from '../domain/types.js';
import { imageAsset } from '../domain/image-links.js';
import type { AvailabilityProjection } from './availability.js';
import type { CatalogIndex, IndexedHotel } from './catalog-index.js';

export interface Stay {
  checkIn: string;
  checkOut: string;
  guests: number;
  rooms: number;
  currency: string;
}

const fits = (roomType: { maxGuests: number }, stay: Stay) => Math.ceil(stay.guests / stay.rooms) <= roomType.maxGuests;

const cheapestPlan = (hotel: IndexedHotel) =>
  hotel.ratePlans.reduce<IndexedHotel['ratePlans'][number] | undefined>(
    (best, plan) => (!best || plan.priceFactor < best.priceFactor ? plan : best),
    undefined,
  );

export class Searcher {
  constructor(
    private readonly index: () => CatalogIndex,
    private readonly availability: AvailabilityProjection,
    private readonly imagesBaseUrl: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  summary(hotel: IndexedHotel): HotelSummary {
    const title = hotel.images[0];
    return {
      id: hotel._id,
      name: hotel.name,
      slug: hotel.slug,
      ...(title ? { titleImage: imageAsset(this.imagesBaseUrl, title) } : {}),
      address: hotel.address,
      addressLine: addressLine(hotel.address),
      coordinates: hotel.coordinates,
      starRating: hotel.starRating,
      reviewRating: hotel.reviewRating,
      ratingSummary: hotel.ratingSummary,
      destinationId: hotel.destinationId,
      likes: hotel.likes,
    };
  }

  /**
   * The hotel's cheapest rate for the stay among rooms that fit the guests and are free every night. Prices
   * grow with the room type's and the plan's factor alike on every night, so the cheapest rate is the
   * cheapest plan of the cheapest room type that is left: one rate to price, not every one.
   */
  cheapest(hotel: IndexedHotel, stay: Stay, now = this.now()): HotelResult['cheapestRate'] {
    const nights = nightsOf(stay.checkIn, stay.checkOut);
    // The index keeps room types cheapest first.
    const roomType = hotel.roomTypes.find(
      (rt) => fits(rt, stay) && this.availability.roomsLeft(hotel._id, rt, nights) >= stay.rooms,
    );
    const plan = cheapestPlan(hotel);
    if (!roomType || !plan) return null;
    const quote = quoteRate({ hotel, roomType, plan, ...stay, now });
    return {
      rateId: quote.id,
      rateName: plan.name,
      roomTypeName: roomType.name,
      totalPrice: quote.total,
      freeCancellation: quote.freeCancellation,
    };
  }

  /**
   * The hotel as other services show it: its summary, the stay's cheapest rate, and a night's price to start
   * from (the cheapest rate's average night, or without a stay the lead price), in `currency`.
   */
  pricedSummary(hotel: IndexedHotel, stay: Stay | null, currency: string, now = this.now()): PricedHotelSummary {
    const summary = this.summary(hotel);
    if (!stay) {
      const lead = leadPrice(hotel, hotel.roomTypes, hotel.ratePlans);
      const fromPrice = lead === null ? null : convert({ amount: lead, currency: hotel.currency }, currency);
      return { ...summary, cheapestRate: null, fromPrice };
    }
    const cheapestRate = this.cheapest(hotel, stay, now);
    const nights = nightsOf(stay.checkIn, stay.checkOut).length;
    const fromPrice = cheapestRate && {
      amount: Math.round(cheapestRate.totalPrice.amount / nights),
      currency: cheapestRate.totalPrice.currency,
    };
    return { ...summary, cheapestRate, fromPrice };
  }

  /**
   * The results as JSON text. A hotel's summary only changes with its likes, so its JSON is written once and
   * kept; each answer adds the like count and the cheapest rate. Writing the same summaries again for every
   * search cost more than the search itself.
   */
  resultsJson(
    ordinals: readonly number[],
    stay: Stay | null,
    cheapestOf: (ordinal: number) => HotelResult['cheapestRate'] = this.cheapestOf(stay),
  ): string {
    const index = this.index();
    const parts = ordinals.map((ordinal) => {
      const hotel = index.hotels[ordinal]!;
      return `${this.summaryHead(index, ordinal)},"likes":${hotel.likes},"cheapestRate":${JSON.stringify(cheapestOf(ordinal))}}`;
    });
    return `[${parts.join(',')}]`;
  }

  /** Each hotel's cheapest rate for the stay (none without one), priced once however often it is asked. */
  private cheapestOf(stay: Stay | null): (ordinal: number) => HotelResult['cheapestRate'] {
    if (!stay) return () => null;
    const index = this.index();
    const now = this.now();
    const priced = new Map<number, HotelResult['cheapestRate']>();
    return (ordinal) => {
      let rate = priced.get(ordinal);
      if (rate === undefined) priced.set(ordinal, (rate = this.cheapest(index.hotels[ordinal]!, stay, now)));
      return rate;
    };
  }

  /** A page of `ordinals`, hotels with rooms for the stay first, each hotel priced once (sold out ones last). */
  private roomsFirstJson(ordinals: readonly number[], stay: Stay, skip: number, take: number): string {
    const cheapestOf = this.cheapestOf(stay);
    const page = pageWithRoomsFirst(ordinals, (ordinal) => cheapestOf(ordinal) !== null, skip, take);
    return this.resultsJson(page, stay, cheapestOf);
  }

  /** The summary's JSON without its like count and closing brace, kept by the index it came from. */
  private summaryHead(index: CatalogIndex, ordinal: number): string {
    let head = index.summaryJson[ordinal];
    if (head === undefined) {
      const { likes: _likes, ...summary } = this.summary(index.hotels[ordinal]!);
      head = index.summaryJson[ordinal] = JSON.stringify(summary).slice(0, -1);
    }
    return head;
  }

  /**
   * One page of a search as JSON (SearchPage): the destination's hotels, or the box's best first, each with its
   * cheapest rate; the hotels with no rooms left for the stay come after all the others.
   */
  pageJson(criteria: SearchCriteria, take: number, skip: number, searchId?: string): string {
    const index = this.index();
    let ordinals: readonly number[];
    if (criteria.destination) {
      const listed = index.hotelsOf(criteria.destination);
      if (!listed) throw appError('destination-not-found');
      ordinals = listed;
    } else {
      ordinals = index.map.inBox(criteria.boundingBox!, Math.min(skip + take, 1_000));
    }
    const head: Omit<SearchPage, 'hotels'> = {
      ...(searchId ? { searchId } : {}),
      criteria,
      exchangeRates: exchangeRatesRef(),
      total: ordinals.length,
      take,
      skip,
    };
    return `${JSON.stringify(head).slice(0, -1)},"hotels":${this.roomsFirstJson(ordinals, criteria, skip, take)}}`;
  }

  /** The hotels of a map viewport as JSON (MapAnswer), best first (with dates, those with rooms), at most `limit`. */
  mapJson(box: BoundingBox, limit: number, stay: Stay | null): string {
    const ordinals = this.index().map.inBox(box, limit);
    const head = { boundingBox: box, exchangeRates: exchangeRatesRef(), total: ordinals.length };
    const hotels = stay ? this.roomsFirstJson(ordinals, stay, 0, ordinals.length) : this.resultsJson(ordinals, null);
    return `${JSON.stringify(head).slice(0, -1)},"hotels":${hotels}}`;
  }

  /** Every room type of the hotel with its rates for the stay, ordered and tagged (spec section 4). */
  offers(hotel: StoredHotel, stay: Stay): AvailableRoomType[] {
    const nights = nightsOf(stay.checkIn, stay.checkOut);
    const now = this.now();
    return orderRoomTypes(
      hotel.roomTypes.map((roomType) => {
        const roomsLeft = this.availability.roomsLeft(hotel._id, roomType, nights);
        const sellable = fits(roomType, stay) && roomsLeft >= stay.rooms;
        return {
          type: roomType.type,
          name: roomType.name,
          images: roomType.images.map((id) => imageAsset(this.imagesBaseUrl, id)),
          maxGuests: roomType.maxGuests,
          roomDetails: roomType.roomDetails,
          providerReference: roomType.providerReference,
          roomsLeft,
          rooms: sellable
            ? hotel.ratePlans.map((plan) => tagRate(buildRate({ hotel, roomType, plan, ...stay, now })))
            : [],
        };
      }),
    );
  }
}
