// The two pages of the stays editor: recommending a new stay (from scratch, or from a draft of Taylor's), and
// editing the recommendation of one hotel (its words and photos; the hotel stays the same, another is a new stay).
import { useSearchParams } from 'react-router';
import { StayFromDraft } from '~/assistant/stay-from-draft';
import { LoadError, Loading } from '~/dashboard/status';
import { useMyRecommendations } from '~/dashboard/queries';
import { LinkButton } from '~/ui/button';
import { useCatalogHotel, useMyRecommendationOf } from './queries';
import { StayForm } from './stay-form';
import { MANAGE_STAYS } from './use-stay-form';

export function NewStay() {
  const mine = useMyRecommendations();
  // `?draft=<id>`: a recommendation Taylor drafted, to start from.
  const draftId = useSearchParams()[0].get('draft');
  return (
    <div className="stack stay-editor">
      <h1>Recommend a stay</h1>
      <p className="muted">
        Pick a hotel you know and love, say in your own words why, and add your photos. It shows on your club as soon as
        you save it.
      </p>
      {draftId ? (
        <StayFromDraft key={draftId} draftId={draftId} recommended={mine.data} />
      ) : (
        <StayForm recommended={mine.data} />
      )}
    </div>
  );
}

function NotRecommended() {
  return (
    <div className="stack">
      <p>You do not recommend this hotel. It may have been deleted, or the link is not quite right.</p>
      <p className="stay-actions">
        <LinkButton to="/dashboard/stays/add">Recommend a stay</LinkButton>
        <LinkButton variant="secondary" to={MANAGE_STAYS}>
          Your stays
        </LinkButton>
      </p>
    </div>
  );
}

export function EditStay({ hotelId }: { hotelId: string }) {
  const { recommendation, error, retry } = useMyRecommendationOf(hotelId);
  const hotel = useCatalogHotel(hotelId);
  let body;
  if (error) body = <LoadError error={error} retry={retry} />;
  else if (recommendation === null) body = <NotRecommended />;
  else if (!recommendation) body = <Loading text="Loading your stay…" />;
  else {
    const name = hotel.data?.name ?? (hotel.isError ? 'This hotel' : 'Loading the hotel…');
    const label = hotel.data ? `${hotel.data.name}, ${hotel.data.addressLine}` : name;
    body = <StayForm key={recommendation.id} fixedHotel={{ id: hotelId, name, label }} initial={recommendation} />;
  }
  return (
    <div className="stack stay-editor">
      <h1>Edit your stay</h1>
      {body}
    </div>
  );
}
