// One draft Taylor saved, as a card: what kind it is, its title and text, the hotel or the stays it names, and
// what the creator can do with it (review and publish a recommendation, build a package, copy a post) or
// dismiss it. Every button names its draft, so a screen reader's list of buttons is not "Dismiss" five times.
import type { Draft, DraftKind } from '@travelclub/contracts';
import { Link } from 'react-router';
import { stayLabel } from '~/hotel/format';
import { Button, LinkButton } from '~/ui/button';
import { MessageText } from './message-text';

export const KIND_LABEL: Record<DraftKind, string> = {
  recommendation: 'Recommendation',
  package: 'Package outline',
  post: 'Post',
};

export const reviewUrl = (id: string) => `/dashboard/stays/add?draft=${encodeURIComponent(id)}`;
export const BUILD_PACKAGE_URL = '/dashboard/experiences/add';
const hotelUrl = (slug: string) => `/hotel/${encodeURIComponent(slug)}`;

function PackageStays({ draft }: { draft: Draft }) {
  if (!draft.stays?.length) return null;
  return (
    <div className="draft-stays">
      <h3>{draft.guests ? `Stays, for ${draft.guests} ${draft.guests === 1 ? 'guest' : 'guests'}` : 'Stays'}</h3>
      <ul>
        {draft.stays.map((stay) => (
          <li key={`${stay.hotelId}:${stay.checkIn}`}>
            <Link to={hotelUrl(stay.hotelSlug)}>{stay.hotelName}</Link>
            <span className="muted"> {stayLabel(stay.checkIn, stay.checkOut)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A package's text without its outline's lines ("- Hotel: dates"): the stays are listed below with their links. */
export function textWithoutOutline(draft: Draft): string {
  const names = (draft.stays ?? []).map((stay) => `- ${stay.hotelName}:`);
  if (names.length === 0) return draft.text;
  const kept = draft.text.split('\n').filter((line) => !names.some((name) => line.trimStart().startsWith(name)));
  return kept.join('\n').trim();
}

export interface DraftCardProps {
  draft: Draft;
  dismissing: boolean;
  onDismiss: () => void;
  onCopy: () => void;
}

function DraftActions({ draft, dismissing, onDismiss, onCopy }: DraftCardProps) {
  const name = `“${draft.title}”`;
  return (
    <div className="dash-actions">
      {draft.kind === 'recommendation' ? (
        <LinkButton to={reviewUrl(draft.id)} aria-label={`Review and publish ${name}`}>
          Review and publish
        </LinkButton>
      ) : null}
      {draft.kind === 'package' ? (
        <LinkButton to={BUILD_PACKAGE_URL} aria-label={`Build this package: ${name}`}>
          Build this package
        </LinkButton>
      ) : null}
      {draft.kind === 'post' ? (
        <Button onPress={onCopy} aria-label={`Copy text of ${name}`}>
          Copy text
        </Button>
      ) : null}
      <Button variant="quiet" isPending={dismissing} onPress={onDismiss} aria-label={`Dismiss ${name}`}>
        Dismiss
      </Button>
    </div>
  );
}

export function DraftCard(props: DraftCardProps) {
  const { draft } = props;
  return (
    <li className="dash-card stack draft-card" data-kind={draft.kind}>
      <p className="draft-kind">{KIND_LABEL[draft.kind]}</p>
      <h2>{draft.title}</h2>
      {draft.hotel ? (
        <p className="draft-hotel">
          Hotel: <Link to={hotelUrl(draft.hotel.slug)}>{draft.hotel.name}</Link>
        </p>
      ) : null}
      <MessageText text={textWithoutOutline(draft)} />
      <PackageStays draft={draft} />
      <DraftActions {...props} />
    </li>
  );
}
