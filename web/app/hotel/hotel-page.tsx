// The hotel page (spec section 2, /hotel/{slug}?searchId&creator): gallery, name and address, the rooms of the
// search with the cart, the Overview, facilities and policies.
import { ratesInCart, stayLineItem } from './cart';
import { Gallery } from './gallery';
import { Facilities, Overview, Policies } from './hotel-details';
import { HotelIntro } from './hotel-intro';
import { ItinerarySummary } from './itinerary-summary';
import type { HotelPageData, PageRate, PageRoomType } from './load.server';
import { Rooms } from './rooms';
import { NoRooms, PickDates, SearchGone, StayBar } from './stay-states';
import { useCart, type CartState } from './use-cart';

function RoomsSection({ data, cart }: { data: HotelPageData; cart: CartState }) {
  const { hotel, stay, searchId, creator } = data;
  let body;
  if (stay.kind === 'rates') {
    const { availability } = stay;
    const { checkIn, checkOut, currency } = availability;
    const inCart = ratesInCart(cart.itinerary, { hotelId: hotel.id, checkIn, checkOut, currency });
    const onAdd = (roomType: PageRoomType, rate: PageRate) =>
      cart.add({
        hotelId: hotel.id,
        roomType: roomType.type,
        roomId: rate.id,
        searchId: availability.searchId || searchId,
        checkIn,
        checkOut,
        currency: rate.totalPrice.currency,
        creator,
        lineItemId: stayLineItem(cart.itinerary, hotel.id, checkIn, checkOut)?.identity,
      });
    body = (
      <>
        <StayBar availability={availability} searchId={availability.searchId} creator={creator} />
        <Rooms availability={availability} inCart={inCart} cart={cart} onAdd={onAdd} />
      </>
    );
  } else if (stay.kind === 'no-rooms')
    body = <NoRooms title={stay.title} message={stay.message} hotel={hotel} creator={creator} />;
  else if (stay.kind === 'search-not-found')
    body = <SearchGone message={stay.message} hotel={hotel} creator={creator} />;
  else body = <PickDates hotel={hotel} creator={creator} />;
  return (
    <section className="hotel-section rooms-section" aria-labelledby="rooms-title">
      <h2 id="rooms-title">Choose your room</h2>
      {body}
    </section>
  );
}

export function HotelPage({ data }: { data: HotelPageData }) {
  const { hotel, stay } = data;
  const cart = useCart();
  const images = hotel.images.length ? hotel.images : hotel.titleImage ? [hotel.titleImage] : [];
  const currency = stay.kind === 'rates' ? stay.availability.currency : null;
  return (
    <article className="hotel-page">
      <Gallery name={hotel.name} images={images} />
      <HotelIntro hotel={hotel} club={data.club} />
      {/* On a phone the itinerary follows the rooms; on a wide screen it stays beside them. */}
      <div className="hotel-layout">
        <div className="hotel-rooms">
          <RoomsSection data={data} cart={cart} />
        </div>
        {cart.itinerary ? (
          <div className="hotel-aside">
            <ItinerarySummary itinerary={cart.itinerary} hotelId={hotel.id} currency={currency} cart={cart} />
          </div>
        ) : null}
        <div className="hotel-details">
          <Overview description={hotel.description} />
          <Facilities facilities={hotel.facilities} />
          <Policies hotel={hotel} />
        </div>
      </div>
    </article>
  );
}
