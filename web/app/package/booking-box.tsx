// The booking box (sticky beside the days on a wide screen) and the phone's bar at the bottom of the screen
// that leads to it. The working form (React Aria's date picker and counters) is its own chunk, fetched once
// the page runs, so the route's first bundle carries no React Aria; until it comes a look-alike of plain
// elements keeps its place, so the server's HTML shows the whole box and nothing moves when the form arrives.
import { lazy, Suspense } from 'react';
import { todayStayDate } from '~/checkout/format';
import { useHydrated } from '~/lib/use-hydrated';
import { CalendarIcon } from '~/ui/icons';
import type { BookingFormProps } from './booking-form';
import { maxRoomsOf } from './booking-rules';
import { departuresHint } from './departures-hint';
import { departuresFrom, priceLine, tripLength, type PackageWithHotels, type PriceLine } from './package-facts';

const BookingForm = lazy(() => import('./booking-form'));

export function Price({ line, className }: { line: PriceLine; className: string }) {
  return (
    <p className={className}>
      {line.lead ? <span className="price-lead">{line.lead} </span> : null}
      <strong className="price-figure">{line.amount}</strong>
      {line.unit ? <span className="price-unit"> {line.unit}</span> : null}
    </p>
  );
}

function ShellCounter({ label, value }: { label: string; value: number }) {
  const id = `book-${label.toLowerCase()}`;
  return (
    <div className="field counter">
      <label htmlFor={id}>{label}</label>
      <div className="counter-group">
        <span className="counter-button" aria-hidden="true">
          −
        </span>
        <input id={id} className="counter-input" value={value} readOnly />
        <span className="counter-button" aria-hidden="true">
          +
        </span>
      </div>
    </div>
  );
}

/** The form as the server draws it: the same fields, not yet working. */
function BookingShell({ departures, capacity }: Pick<BookingFormProps, 'departures' | 'capacity'>) {
  return (
    <div className="booking-form" aria-busy="true">
      <div className="field departure-field">
        <span className="field-label">Departure date</span>
        <div className="date-group">
          <span className="date-shell date-placeholder">mm/dd/yyyy</span>
          <span className="calendar-toggle" aria-hidden="true">
            <CalendarIcon />
          </span>
        </div>
        <span className="field-hint">{departuresHint(departures)}</span>
      </div>
      <div className="booking-counters">
        <ShellCounter label="Adults" value={2} />
        {maxRoomsOf(capacity) > 1 ? <ShellCounter label="Rooms" value={1} /> : null}
      </div>
      <button type="button" className="button" data-variant="primary" data-full-width disabled>
        Book this package
      </button>
    </div>
  );
}

function NoDepartures({ creatorName, onAsk }: { creatorName: string; onAsk: () => void }) {
  return (
    <div className="booking-none">
      <p>This package has no departures left.</p>
      <button type="button" className="button" data-variant="secondary" data-full-width onClick={onAsk}>
        Ask {creatorName} for new dates
      </button>
    </div>
  );
}

export function BookingBox(props: { travelPackage: PackageWithHotels; creatorName: string; onAsk: () => void }) {
  const { travelPackage: pkg, creatorName } = props;
  const hydrated = useHydrated();
  const departures = departuresFrom(pkg.offeredDates, todayStayDate());
  const line = priceLine(pkg.pricing);
  let body;
  if (departures.kind === 'none') body = <NoDepartures creatorName={creatorName} onAsk={props.onAsk} />;
  else {
    const form = { packageId: pkg.id, departures, capacity: pkg.capacity, creatorName };
    const shell = <BookingShell departures={departures} capacity={pkg.capacity} />;
    body = hydrated ? (
      <Suspense fallback={shell}>
        <BookingForm {...form} />
      </Suspense>
    ) : (
      shell
    );
  }
  return (
    <aside id="book" className="package-aside" aria-labelledby="book-title" tabIndex={-1}>
      <div className="booking-box">
        <h2 id="book-title">Book this trip</h2>
        <Price line={line} className="booking-price" />
        <p className="booking-length muted">{tripLength(pkg)}</p>
        {body}
        <p className="booking-note muted">{line.note}</p>
      </div>
    </aside>
  );
}

/** On a phone: the price and a way to the booking box, always at hand. */
export function BookingBar({ travelPackage }: { travelPackage: PackageWithHotels }) {
  return (
    <div className="package-bar">
      <Price line={priceLine(travelPackage.pricing)} className="package-bar-price" />
      <a className="button" data-variant="primary" href="#book">
        Choose a date
      </a>
    </div>
  );
}
