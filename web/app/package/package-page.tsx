// A creator's travel package, as their club shows it (/user/{slug}/packages/{id}): the cover, title and price,
// what the trip is, its photos, the days with their stays, what booking it includes, and the booking box. A
// visitor who wants something else asks the creator in a dialog, its own chunk loaded when it opens.
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useHydrated } from '~/lib/use-hydrated';
import { plural } from '~/search/format';
import { BookingBar, BookingBox, Price } from './booking-box';
import { PackageDays } from './package-days';
import { hotelOf, paragraphs, priceLine, stayDays, tripLength, type PackagePageData } from './package-facts';

const RequestDialog = lazy(() => import('./request-dialog'));

/** Creators' photos come at 200 and 600 px wide: the cover is drawn no wider than 600 px (a column on desktop). */
const COVER = { width: 600, height: 400 } as const;

function Hero({ data }: { data: PackagePageData }) {
  const { travelPackage: pkg, creator } = data;
  const { cover } = pkg;
  return (
    <header className="package-hero">
      {cover ? (
        <img
          className="package-cover"
          src={cover.links['600px']}
          srcSet={`${cover.links['200px']} 200w, ${cover.links['600px']} 600w`}
          sizes="(min-width: 64rem) 600px, 100vw"
          width={COVER.width}
          height={COVER.height}
          alt=""
          fetchPriority="high"
          decoding="sync"
        />
      ) : null}
      <div className="package-intro">
        <p className="package-kicker">
          A trip by <Link to={`/user/${encodeURIComponent(creator.slug)}`}>{creator.publicName}</Link>
        </p>
        <h1 id="package-title">{pkg.title}</h1>
        <p className="package-facts">
          {tripLength(pkg)} · {plural(pkg.hotels.length, 'hotel')}
        </p>
        <Price line={priceLine(pkg.pricing)} className="package-price" />
      </div>
    </header>
  );
}

/** The package's other photos, in a row that scrolls; asked for once the page runs (the cover comes first). */
function Photos({ data }: { data: PackagePageData }) {
  const { gallery, title } = data.travelPackage;
  const hydrated = useHydrated();
  if (gallery.length === 0) return null;
  return (
    <ul className="package-photos" tabIndex={0} aria-label={`Photos of ${title}, ${plural(gallery.length, 'photo')}`}>
      {gallery.map((image, i) => (
        <li key={image.publicId}>
          <img
            src={hydrated ? image.links['600px'] : undefined}
            width={COVER.width}
            height={COVER.height}
            alt={`${title}, photo ${i + 1} of ${gallery.length}`}
            loading="lazy"
            decoding="async"
          />
        </li>
      ))}
    </ul>
  );
}

function About({ data }: { data: PackagePageData }) {
  const text = paragraphs(data.travelPackage.summary);
  if (text.length === 0) return null;
  return (
    <section className="package-section package-about" aria-labelledby="about-title">
      <h2 id="about-title">About this trip</h2>
      {text.map((part, i) => (
        <p key={i}>{part}</p>
      ))}
    </section>
  );
}

function Included({ data }: { data: PackagePageData }) {
  const { travelPackage: pkg, creator } = data;
  return (
    <section className="package-section" aria-labelledby="included-title">
      <h2 id="included-title">What’s included</h2>
      <ul className="included-list">
        {pkg.stays.map((stay) => {
          const hotel = hotelOf(pkg, stay.hotelId);
          const where = hotel ? `${hotel.name}, ${hotel.address.city}` : 'a hotel no longer listed';
          return (
            <li key={stay.night}>
              <strong>{plural(stay.nights, 'night')}</strong> at {where}{' '}
              <span className="muted">({stayDays(stay)})</span>
            </li>
          );
        })}
        <li>The day-by-day plan by {creator.publicName}</li>
      </ul>
      <p className="muted">
        Booking holds these rooms for your party. Travel between places, meals and activities are yours to arrange.
      </p>
    </section>
  );
}

function Ask({ creatorName, onAsk }: { creatorName: string; onAsk: () => void }) {
  return (
    <section className="package-section package-ask" aria-labelledby="ask-title">
      <h2 id="ask-title">Want something different?</h2>
      <p>
        Tell {creatorName} where and when you would like to go, and who is coming: they can put a trip together for you.
      </p>
      <button type="button" className="button" data-variant="secondary" onClick={onAsk}>
        Ask {creatorName} for a package
      </button>
    </section>
  );
}

export function PackagePage({ data }: { data: PackagePageData }) {
  const { travelPackage: pkg, creator } = data;
  const [asking, setAsking] = useState(false);
  const ask = () => setAsking(true);
  return (
    <article className="package-page" aria-labelledby="package-title">
      <Hero data={data} />
      <div className="package-layout">
        <div className="package-main">
          <About data={data} />
          <Photos data={data} />
          <PackageDays travelPackage={pkg} creatorSlug={creator.slug} />
          <Included data={data} />
          <Ask creatorName={creator.publicName} onAsk={ask} />
        </div>
        <BookingBox travelPackage={pkg} creatorName={creator.publicName} onAsk={ask} />
      </div>
      <BookingBar travelPackage={pkg} />
      {asking ? (
        <Suspense fallback={null}>
          <RequestDialog
            creator={creator}
            packageId={pkg.id}
            packageTitle={pkg.title}
            onClose={() => setAsking(false)}
          />
        </Suspense>
      ) : null}
    </article>
  );
}
