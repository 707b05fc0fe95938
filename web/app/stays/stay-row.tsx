// One recommended stay in the creator's list: its tile (or cover), title and whether the club shows it, a switch
// for that, buttons to move it up or down, and links to edit or delete it. Every control names its stay, so a
// screen reader's list of buttons reads "Move “Sunset views” up", not ten times "Up".
import type { RecommendationView } from '@travelclub/contracts';
import { Switch } from 'react-aria-components';
import { Button, LinkButton } from '~/ui/button';

export type RowControl = 'up' | 'down' | 'delete';

export interface StayRowProps {
  stay: RecommendationView;
  isFirst: boolean;
  isLast: boolean;
  onToggle: (isActive: boolean) => void;
  onMove: (by: -1 | 1) => void;
  /** `byKeyboard`: the keyboard goes on to the Undo of its note. */
  onDelete: (byKeyboard: boolean) => void;
}

/** How the page finds a row's button again, to put the keyboard back on it after a move or an undo. */
export const controlKey = (hotelId: string, control: RowControl) => `${hotelId}:${control}`;

export function StayRow({ stay, isFirst, isLast, onToggle, onMove, onDelete }: StayRowProps) {
  const title = `“${stay.recommendationTitle}”`;
  const picture = stay.tileImage ?? stay.coverImage ?? stay.images[0];
  return (
    <li className="stay-row" data-inactive={!stay.isActive || undefined}>
      {picture ? (
        <img className="stay-row-picture" src={picture.links['200px']} alt="" width={64} height={64} />
      ) : (
        <span className="stay-row-picture" aria-hidden="true" />
      )}
      <div className="stay-row-main">
        <h2 className="stay-row-title">{stay.recommendationTitle}</h2>
        <p className="muted stay-row-state">{stay.isActive ? 'Shown on your club' : 'Hidden from your club'}</p>
      </div>
      <Switch
        className="stay-switch"
        isSelected={stay.isActive}
        onChange={onToggle}
        aria-label={`${title} on your club`}
      >
        <span className="stay-switch-track" aria-hidden="true">
          <span className="stay-switch-thumb" />
        </span>
        On your club
      </Switch>
      <div className="stay-row-actions">
        <Button
          data-control={controlKey(stay.hotelId, 'up')}
          variant="secondary"
          aria-label={`Move ${title} up`}
          isDisabled={isFirst}
          onPress={() => onMove(-1)}
        >
          <span aria-hidden="true">↑</span> Up
        </Button>
        <Button
          data-control={controlKey(stay.hotelId, 'down')}
          variant="secondary"
          aria-label={`Move ${title} down`}
          isDisabled={isLast}
          onPress={() => onMove(1)}
        >
          <span aria-hidden="true">↓</span> Down
        </Button>
        <LinkButton variant="quiet" to={`/dashboard/stays/${stay.hotelId}`} aria-label={`Edit ${title}`}>
          Edit
        </LinkButton>
        <Button
          data-control={controlKey(stay.hotelId, 'delete')}
          variant="quiet"
          aria-label={`Delete ${title}`}
          onPress={(event) => onDelete(event.pointerType === 'keyboard')}
        >
          Delete
        </Button>
      </div>
    </li>
  );
}
