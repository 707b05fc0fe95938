// The catalog's room types of a hotel, for activating a travel package: the hotel page's read (one call per
// hotel; a package books a few), service to service, never through the gateway.
import { endpoints } from '@travelclub/contracts';
import type { CausalContext, ServiceClient } from '@travelclub/kit';

export interface HotelRooms {
  /** The room types (`type`) the hotel has; the catalogue's hotel-not-found when there is no such hotel. */
  roomTypesOf(hotelId: string, ctx: CausalContext): Promise<string[]>;
}

export function catalogRooms(catalog: ServiceClient): HotelRooms {
  return {
    async roomTypesOf(hotelId, ctx) {
      const hotel = await catalog.call(endpoints.catalog.hotel, { params: { id: hotelId } }, ctx);
      return hotel.roomTypes.map((roomType) => roomType.type);
    },
  };
}
