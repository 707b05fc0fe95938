// The hotel page's note from the club it was opened from: "Recommended by {name}" with the creator's title and
// words when they recommend this hotel, else a line saying which club the visitor is browsing from; both with the
// way back to the club. The creator's text is plain text, shown as paragraphs.
import { Link } from 'react-router';
import { clubPath, paragraphsOf } from './club-data';
import { noteTexts } from './club-texts';
import type { HotelClub } from './hotel-club';

function Picture({ club }: { club: HotelClub }) {
  const src = club.picture?.links['200px'];
  if (!src)
    return (
      <span className="club-avatar club-avatar-initial" data-size="small" aria-hidden="true">
        {club.publicName.trim().charAt(0).toUpperCase()}
      </span>
    );
  return <img className="club-avatar" data-size="small" src={src} width="48" height="48" alt="" />;
}

export function CreatorNote({ club }: { club: HotelClub }) {
  const { recommendation } = club;
  const back = (
    <Link className="creator-note-link" to={clubPath(club.slug)}>
      {noteTexts.visitClub(club.publicName)}
    </Link>
  );
  if (!recommendation)
    return (
      <aside className="creator-note" data-kind="from-club" aria-label={noteTexts.fromClub(club.publicName)}>
        <Picture club={club} />
        <p>
          {noteTexts.fromClub(club.publicName)} {back}
        </p>
      </aside>
    );
  return (
    <aside className="creator-note" aria-labelledby="creator-note-by">
      <div className="creator-note-head">
        <Picture club={club} />
        <p id="creator-note-by" className="creator-note-by">
          {noteTexts.recommendedBy(club.publicName)}
        </p>
      </div>
      <p className="creator-note-title">{recommendation.title}</p>
      {paragraphsOf(recommendation.text).map((paragraph, i) => (
        <p key={i}>{paragraph}</p>
      ))}
      {back}
    </aside>
  );
}
