// The package day by day, as a timeline: each day's title, text and activities, and the night's stay. The
// first night of a stay shows the hotel's card (photo, name, city, stars, nights), linked to its page in the
// creator's name; the stay's later nights say which night of it they are.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { PackageDay, PricedHotelSummary } from '@travelclub/contracts';
import { HotelImage, Stars } from '~/search/hotel-card';
import { plural } from '~/search/format';
import { nightOfDay, paragraphs, type DayNight, type PackageWithHotels } from './package-facts';

const hotelLink = (hotel: PricedHotelSummary, creatorSlug: string) =>
  `/hotel/${encodeURIComponent(hotel.slug)}?creator=${encodeURIComponent(creatorSlug)}`;

function StayCard({ hotel, nights, creatorSlug }: { hotel: PricedHotelSummary; nights: number; creatorSlug: string }) {
  return (
    <div className="package-stay">
      <HotelImage hotel={hotel} />
      <div className="package-stay-body">
        <p className="stay-kicker">Your stay · {plural(nights, 'night')}</p>
        <h4 className="stay-name">
          <Link to={hotelLink(hotel, creatorSlug)}>{hotel.name}</Link>
        </h4>
        <p className="stay-city muted">{hotel.address.city}</p>
        <Stars rating={hotel.starRating} />
      </div>
    </div>
  );
}

function Night({ night, isLastDay, creatorSlug }: { night: DayNight | null; isLastDay: boolean; creatorSlug: string }) {
  if (!night) return isLastDay ? null : <p className="night-line muted">No hotel is booked for this night.</p>;
  const { hotel, stay, nightOfStay } = night;
  if (!hotel) return <p className="night-line muted">This night’s hotel is no longer listed.</p>;
  if (nightOfStay === 1) return <StayCard hotel={hotel} nights={stay.nights} creatorSlug={creatorSlug} />;
  return (
    <p className="night-line">
      Night {nightOfStay} of {stay.nights} at <Link to={hotelLink(hotel, creatorSlug)}>{hotel.name}</Link>
    </p>
  );
}

function Day({ day, index, children }: { day: PackageDay; index: number; children: ReactNode }) {
  return (
    <li className="timeline-day">
      <span className="timeline-marker" aria-hidden="true">
        {index + 1}
      </span>
      <div className="timeline-body">
        <h3>
          <span className="day-label">
            Day {index + 1}
            <span className="visually-hidden">: </span>
          </span>
          {day.title}
        </h3>
        {paragraphs(day.text).map((text, i) => (
          <p key={i}>{text}</p>
        ))}
        {day.activities.length ? (
          <ul className="activities" aria-label={`Day ${index + 1} activities`}>
            {day.activities.map((activity, i) => (
              <li key={i}>{activity}</li>
            ))}
          </ul>
        ) : null}
        {children}
      </div>
    </li>
  );
}

export function PackageDays({
  travelPackage: pkg,
  creatorSlug,
}: {
  travelPackage: PackageWithHotels;
  creatorSlug: string;
}) {
  return (
    <section className="package-section" aria-labelledby="days-title">
      <h2 id="days-title">Day by day</h2>
      <ol className="timeline">
        {pkg.days.map((day, index) => (
          <Day key={index} day={day} index={index}>
            <Night night={nightOfDay(pkg, index)} isLastDay={index === pkg.days.length - 1} creatorSlug={creatorSlug} />
          </Day>
        ))}
      </ol>
    </section>
  );
}
