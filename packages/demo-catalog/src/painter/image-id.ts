// What an image's public id shows: a hotel (`<hotelId>-<n>`) or one of its rooms (`<hotelId>-<room type>-<n>`).

export type ImageSubject =
  | { kind: 'hotel'; hotelId: string; index: number }
  | { kind: 'room'; hotelId: string; roomType: string; index: number };

const HOTEL_IMAGE = /^(h[0-9a-z]+)-(\d{1,4})$/;
// A room type starts with a letter, so `h0a1b2c-12` can only be a hotel image.
const ROOM_IMAGE = /^(h[0-9a-z]+)-([a-z][a-z0-9]*(?:-[a-z0-9]+)*)-(\d{1,4})$/;

/** What a public id shows: `<hotelId>-<n>` a hotel, `<hotelId>-<room type>-<n>` one of its rooms; null otherwise. */
export function parseImageId(publicId: string): ImageSubject | null {
  const hotel = HOTEL_IMAGE.exec(publicId);
  if (hotel) return { kind: 'hotel', hotelId: hotel[1]!, index: Number(hotel[2]) };
  const room = ROOM_IMAGE.exec(publicId);
  if (room) return { kind: 'room', hotelId: room[1]!, roomType: room[2]!, index: Number(room[3]) };
  return null;
}
