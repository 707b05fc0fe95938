// The hotel page as the API shows it: stored ids turned into image links, room types without rates
// (rates need dates; checkAvailability gives them).
import type { HotelView } from '@travelclub/contracts';
import { imageAsset } from './image-links.js';
import { addressLine } from './rate-order.js';
import type { StoredHotel } from './types.js';

export function hotelView(hotel: StoredHotel & { likes?: number }, imagesBaseUrl: string): HotelView {
  const image = (id: string) => imageAsset(imagesBaseUrl, id);
  const title = hotel.images[0];
  return {
    id: hotel._id,
    name: hotel.name,
    slug: hotel.slug,
    ...(title ? { titleImage: image(title) } : {}),
    address: hotel.address,
    addressLine: addressLine(hotel.address),
    coordinates: hotel.coordinates,
    description: hotel.description,
    images: hotel.images.map(image),
    facilities: hotel.facilities,
    additionalInformation: hotel.additionalInformation,
    childAndExtraBedPolicy: hotel.childAndExtraBedPolicy,
    importantNotice: hotel.importantNotice,
    ratingSummary: hotel.ratingSummary,
    reviewRating: hotel.reviewRating,
    starRating: hotel.starRating,
    hotelLocation: hotel.hotelLocation,
    providerReference: hotel.providerReference,
    destinationId: hotel.destinationId,
    likes: hotel.likes ?? 0,
    roomTypes: hotel.roomTypes.map((rt) => ({
      type: rt.type,
      name: rt.name,
      images: rt.images.map(image),
      maxGuests: rt.maxGuests,
      roomDetails: rt.roomDetails,
      providerReference: rt.providerReference,
      rooms: [],
    })),
  };
}
