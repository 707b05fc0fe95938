// The booking box's working form, its own chunk (React Aria's date picker and counters, loaded once the page
// runs; booking-box.tsx shows a look-alike until then): a departure among the package's dates, adults and
// rooms, then "Book this package" makes a cart of every stay (`fromTravelPackage`, in the visitor's currency)
// and goes on to the checkout's contact step. A refusal is said in plain words until something changes.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { itineraryQuery } from '~/lib/queries';
import { todayStayDate } from '~/checkout/format';
import { MAX_GUESTS } from '~/search/search-rules';
import { visitorCurrency } from '~/search/visitor-currency';
import { Button } from '~/ui/button';
import { Callout } from '~/ui/callout';
import { Counter } from '~/ui/counter';
import { useDraft } from '~/ui/use-draft';
import { bookingBody, bookingErrors, bookingRefusal, maxRoomsOf, type BookingDraft } from './booking-rules';
import { DepartureField } from './departure-field';
import { bookPackage } from './package-calls';
import type { Departures } from './package-facts';

export interface BookingFormProps {
  packageId: string;
  departures: Exclude<Departures, { kind: 'none' }>;
  /** Rooms per departure. */
  capacity: number;
  creatorName: string;
}

/** The booking call; on success the cart is known to the checkout at once, and the contact step opens. */
function useBooking(packageId: string) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReturnType<typeof bookingBody>) => bookPackage(packageId, body),
    onSuccess: (itinerary) => {
      queryClient.setQueryData(itineraryQuery(itinerary.id).queryKey, itinerary);
      void navigate(`/itinerary/${encodeURIComponent(itinerary.id)}/contact`);
    },
  });
}

function RefusalCallout({ title, message }: { title?: string; message: string }) {
  return (
    <Callout tone="error">
      {title ? <strong className="refusal-title">{title}</strong> : null}
      {message}
    </Callout>
  );
}

export default function BookingForm({ packageId, departures, capacity, creatorName }: BookingFormProps) {
  const booking = useBooking(packageId);
  const { draft, bind } = useDraft<BookingDraft>({ checkInDate: null, adults: 2, rooms: 1 }, () => booking.reset());
  const [checked, setChecked] = useState(false);
  const rules = { departures, capacity, today: todayStayDate() };
  const errors = checked ? bookingErrors(draft, rules) : {};
  const maxRooms = maxRoomsOf(capacity);
  const busy = booking.isPending || booking.isSuccess;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setChecked(true);
    const { checkInDate } = draft;
    if (!checkInDate || Object.keys(bookingErrors(draft, rules)).length) return;
    booking.mutate(bookingBody({ ...draft, checkInDate }, visitorCurrency()));
  };

  return (
    <form className="booking-form" onSubmit={submit} noValidate aria-labelledby="book-title">
      <DepartureField departures={departures} {...bind('checkInDate')} error={errors.date} />
      <div className="booking-counters">
        <Counter label="Adults" {...bind('adults')} min={1} max={MAX_GUESTS} error={errors.adults} />
        {maxRooms > 1 ? <Counter label="Rooms" {...bind('rooms')} min={1} max={maxRooms} error={errors.rooms} /> : null}
      </div>
      {booking.isError ? <RefusalCallout {...bookingRefusal(booking.error, creatorName)} /> : null}
      <Button type="submit" fullWidth isPending={busy}>
        {busy ? 'Booking…' : 'Book this package'}
      </Button>
    </form>
  );
}
