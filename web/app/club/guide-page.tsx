// A creator's written guide (`/user/{slug}/itineraries/{id}`): its cover, title, author and summary, then its
// days with their places and blocks; the hotels it names are bookable through the club.
import { Link } from 'react-router';
import { clubPath, paragraphsOf, pictureOf, type ClubData } from './club-data';
import { guideTexts } from './club-texts';
import { GuideDays } from './guide-blocks';
import type { GuidePageData } from './guide.server';

export function GuidePage({ club, data }: { club: ClubData; data: GuidePageData }) {
  const { guide, hotels } = data;
  const { slug, publicName } = club.profile;
  const cover = pictureOf(guide.cover);
  return (
    <article className="guide-page">
      <p className="guide-back">
        <Link to={clubPath(slug, 'itineraries')}>
          <span aria-hidden="true">← </span>
          {guideTexts.back}
        </Link>
      </p>
      {cover ? (
        <img className="guide-cover" src={cover} width="600" height="338" alt="" loading="eager" fetchPriority="high" />
      ) : null}
      <header className="guide-intro">
        <h1>{guide.title}</h1>
        <p className="muted">{guideTexts.by(publicName)}</p>
        {paragraphsOf(guide.summary).map((paragraph, i) => (
          <p key={i} className="guide-summary">
            {paragraph}
          </p>
        ))}
      </header>
      <GuideDays days={guide.days} clubSlug={slug} hotels={hotels} />
    </article>
  );
}
