// Answers searches, map viewports and availability checks from memory: the catalog index, the price
// model and the availability projection. Work per answer grows with the page asked for, not the catalog.
import type {
  AvailableRoomType,
  BoundingBox,
  HotelResult,
  HotelSummary,
  SearchCriteria,
  SearchPage,
} from '@travelclub/contracts';
import { appError } from '@travelclub/kit';
import { exchangeRatesRef } from '../domain/money.js';
import { nightlyPrice, nightsOf } from '../domain/pricing.js';
import { addressLine, orderRoomTypes, tagRate } from '../domain/rate-order.js';
import { buildRate } from '../domain/rates.js';
import type { StoredHotel } from '../domain/types.js';
import { imageAsset } from '../images/cdn.js';
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

export class Searcher {
  private readonly summaries = new WeakMap<IndexedHotel, Omit<HotelSummary, 'likes'>>();

  constructor(
    private readonly index: () => CatalogIndex,
    private readonly availability: AvailabilityProjection,
    private readonly imagesBaseUrl: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  summary(hotel: IndexedHotel): HotelSummary {
    let summary = this.summaries.get(hotel);
    if (!summary) {
      const title = hotel.images[0];
      summary = {
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
      };
      this.summaries.set(hotel, summary);
    }
    return { ...summary, likes: hotel.likes };
  }

  /** The hotel's cheapest rate for the stay among rooms that fit the guests and are free every night. */
  cheapest(hotel: IndexedHotel, stay: Stay): HotelResult['cheapestRate'] {
    const nights = nightsOf(stay.checkIn, stay.checkOut);
    let best: { roomType: IndexedHotel['roomTypes'][number]; plan: StoredHotel['ratePlans'][number]; total: number } | undefined;
    for (const roomType of hotel.roomTypes) {
      if (!fits(roomType, stay) || this.availability.roomsLeft(hotel._id, roomType, nights) < stay.rooms) continue;
      for (const plan of hotel.ratePlans) {
        let total = 0;
        for (const night of nights)
          total += nightlyPrice(hotel, roomType, plan, night);
        if (!best || total < best.total) best = { roomType, plan, total };
      }
    }
    if (!best) return null;
    const rate = tagRate(
      buildRate({
        hotel: hotel,
        roomType: best.roomType,
        plan: best.plan,
        checkIn: stay.checkIn,
        checkOut: stay.checkOut,
        rooms: stay.rooms,
        currency: stay.currency,
        now: this.now(),
      }),
    );
    return {
      rateId: rate.id,
      rateName: rate.rateName,
      roomTypeName: rate.roomTypeName,
      totalPrice: rate.totalPrice,
      freeCancellation: rate.tags.length > 0,
    };
  }

  results(ordinals: readonly number[], stay: Stay | null): HotelResult[] {
    const hotels = this.index().hotels;
    return ordinals.map((ordinal) => {
      const hotel = hotels[ordinal]!;
      return { ...this.summary(hotel), cheapestRate: stay ? this.cheapest(hotel, stay) : null };
    });
  }

  /** One page of a search: the destination's hotels (or the box's, best first), each with its cheapest rate. */
  page(criteria: SearchCriteria, take: number, skip: number): Omit<SearchPage, 'searchId'> {
    const index = this.index();
    let ordinals: readonly number[];
    if (criteria.destination) {
      const listed = index.hotelsOf(criteria.destination);
      if (!listed) throw appError('destination-not-found');
      ordinals = listed;
    } else {
      ordinals = index.map.inBox(criteria.boundingBox!, Math.min(skip + take, 1_000));
    }
    return {
      criteria,
      exchangeRates: exchangeRatesRef(),
      total: ordinals.length,
      take,
      skip,
      hotels: this.results(ordinals.slice(skip, skip + take), criteria),
    };
  }

  map(box: BoundingBox, limit: number, stay: Stay | null) {
    const ordinals = this.index().map.inBox(box, limit);
    return { boundingBox: box, exchangeRates: exchangeRatesRef(), total: ordinals.length, hotels: this.results(ordinals, stay) };
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
            ? hotel.ratePlans.map((plan) =>
                tagRate(
                  buildRate({
                    hotel,
                    roomType,
                    plan,
                    checkIn: stay.checkIn,
                    checkOut: stay.checkOut,
                    rooms: stay.rooms,
                    currency: stay.currency,
                    now,
                  }),
                ),
              )
            : [],
        };
      }),
    );
  }
}
