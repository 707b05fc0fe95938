// Rooms for travellers to book: the first rooms of every room type of many US hotels, over many dates, as a
// scout finds them through the public API (bench:booking, bench:confirm-path).
import { inDays, Traveller, type Stay } from '@travelclub/testing';

/** `wanted` rooms to book (or as many as it finds): many hotels and dates, each at most as often as it has rooms left. */
export async function roomSupply(gateway: string, wanted: number): Promise<Stay[]> {
  const scout = await new Traveller(gateway).visit();
  const supply: Stay[] = [];
  for (let offset = 20; supply.length < wanted && offset < 300; offset += 3) {
    const created = await scout.call<{ searchId: string }>('POST', '/api/v1/hotel/search/create', {
      destination: 'country-US',
      checkIn: inDays(offset),
      checkOut: inDays(offset + 2),
      guests: 2,
    });
    const searchId = created.body.searchId;
    const page = await scout.call<{ hotels: { id: string; cheapestRate: unknown }[] }>(
      'GET',
      `/api/v1/hotel/search/${searchId}?take=50`,
    );
    for (const hotel of page.body.hotels.filter((h) => h.cheapestRate)) {
      const answer = await scout.availability(hotel.id, searchId);
      if (answer.status !== 200) continue;
      for (const roomType of answer.body.roomTypes) {
        const rate = roomType.rooms[0];
        if (!rate) continue;
        for (let i = 0; i < roomType.roomsLeft; i++)
          supply.push({
            searchId,
            hotelId: hotel.id,
            roomType: roomType.type,
            roomId: rate.id,
            checkInDate: answer.body.checkIn,
            checkOutDate: answer.body.checkOut,
            price: rate.totalPrice,
            roomsLeft: roomType.roomsLeft,
          });
      }
    }
  }
  // Spread over hotels, so travellers do not all queue on one room type.
  return supply.sort(() => Math.random() - 0.5);
}
