// /user/{slug}/stays: every stay the creator recommends, in their order, as a grid of cards.
import { StayCard } from '~/club/club-cards';
import { clubTexts } from '~/club/club-texts';
import { useClub } from '~/club/use-club';

export default function ClubStays() {
  const club = useClub();
  const { slug, publicName } = club.profile;
  return (
    <section className="club-section" aria-labelledby="club-all-stays-title">
      <h2 id="club-all-stays-title">{clubTexts.allStaysTitle}</h2>
      {club.recommendations.length ? (
        <ul className="club-grid">
          {club.recommendations.map((stay, i) => (
            <li key={stay.id}>
              <StayCard stay={stay} clubSlug={slug} eager={i === 0} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="club-empty">{clubTexts.noStays(publicName)}</p>
      )}
    </section>
  );
}
