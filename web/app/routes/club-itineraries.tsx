// /user/{slug}/itineraries: the creator's published written guides, newest first.
import { GuideList } from '~/club/club-view';
import { clubTexts } from '~/club/club-texts';
import { useClub } from '~/club/use-club';

export default function ClubItineraries() {
  const club = useClub();
  return (
    <section className="club-section" aria-labelledby="club-all-guides-title">
      <h2 id="club-all-guides-title">{clubTexts.guidesTitle(club.profile.publicName)}</h2>
      <GuideList club={club} />
    </section>
  );
}
