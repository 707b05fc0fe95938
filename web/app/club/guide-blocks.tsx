// A written guide's days, rendered from its structured blocks (paragraph, heading, list, link, hotel) as React
// elements: no HTML from a creator is ever parsed, and every text goes in as text, so nothing they write can run
// as script. A link becomes one only for an http(s) address; a hotel block is a card of the hotel, bookable
// from the club (`?creator=`), or nothing when the catalog no longer has it.
import type { GuideBlock, GuideDay, ImageAsset, Money } from '@travelclub/contracts';
import { Link } from 'react-router';
import { formatMoney } from '~/search/format';
import { ClubImage } from './club-image';
import { clubHotelPath } from './club-data';
import { clubTexts, guideTexts } from './club-texts';
import { safeHref } from './safe-url';

/** A hotel a guide names, as its card shows it. */
export interface GuideHotel {
  id: string;
  slug: string;
  name: string;
  city: string;
  picture?: ImageAsset;
  fromPrice?: Money | null;
}

export type GuideHotels = Record<string, GuideHotel>;

interface BlockContext {
  clubSlug: string;
  hotels: GuideHotels;
}

function HotelBlock({ hotel, clubSlug }: { hotel: GuideHotel; clubSlug: string }) {
  return (
    <article className="guide-hotel club-card">
      <ClubImage asset={hotel.picture} />
      <div className="club-card-body">
        <p className="club-card-title">
          <Link className="club-card-link" to={clubHotelPath(hotel.slug, clubSlug)}>
            {guideTexts.stayAt(hotel.name)}
          </Link>
        </p>
        <p className="club-card-meta">{hotel.city}</p>
        {hotel.fromPrice ? (
          <p className="club-card-price">{clubTexts.fromPrice(formatMoney(hotel.fromPrice))}</p>
        ) : null}
        <p className="guide-hotel-cta" aria-hidden="true">
          {guideTexts.seeRooms}
        </p>
      </div>
    </article>
  );
}

/** One block. Headings sit under the day's own heading (h2), so a guide's 2 and 3 become h3 and h4. */
export function Block({ block, clubSlug, hotels }: BlockContext & { block: GuideBlock }) {
  switch (block.type) {
    case 'paragraph':
      return <p>{block.text}</p>;
    case 'heading':
      return block.level === 2 ? <h3>{block.text}</h3> : <h4>{block.text}</h4>;
    case 'list': {
      const List = block.ordered ? 'ol' : 'ul';
      return (
        <List>
          {block.items.map((item, i) => (
            <li key={i}>{item}</li>
          ))}
        </List>
      );
    }
    case 'link': {
      const href = safeHref(block.url);
      if (!href) return <p>{block.text}</p>;
      return (
        <p>
          <a href={href} rel="noopener noreferrer nofollow ugc">
            {block.text}
          </a>
        </p>
      );
    }
    case 'hotel': {
      const hotel = hotels[block.hotelId];
      return hotel ? <HotelBlock hotel={hotel} clubSlug={clubSlug} /> : null;
    }
    default:
      return null;
  }
}

export function GuideDays({ days, clubSlug, hotels }: BlockContext & { days: GuideDay[] }) {
  return (
    <ol className="guide-days">
      {days.map((day, i) => (
        <li key={i} className="guide-day">
          <section aria-labelledby={`guide-day-${i}`}>
            <h2 id={`guide-day-${i}`}>{guideTexts.day(i + 1, day.title)}</h2>
            {day.places.length ? (
              <ul className="guide-places" aria-label={guideTexts.places}>
                {day.places.map((place, j) => (
                  <li key={j}>{place.name}</li>
                ))}
              </ul>
            ) : null}
            <div className="guide-blocks">
              {day.blocks.map((block, j) => (
                <Block key={j} block={block} clubSlug={clubSlug} hotels={hotels} />
              ))}
            </div>
          </section>
        </li>
      ))}
    </ol>
  );
}
