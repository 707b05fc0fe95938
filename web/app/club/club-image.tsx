// A picture on a club page (a stay's, a trip's, a guide's cover). The first card's is in the server's HTML; the
// others get their address once the page runs (part 1's `useHydrated`), so on a phone's network they do not
// take the bandwidth the hero and the first card need. Until then the place is kept in the card's colour.
import type { ImageAsset } from '@travelclub/contracts';
import { useHydrated } from '~/lib/use-hydrated';
import { pictureOf } from './club-data';

/** Cards are 3:2; the width and height attributes keep their place before they load. */
const CARD = { width: 600, height: 400 } as const;

export function ClubImage({ asset, eager, className }: { asset?: ImageAsset; eager?: boolean; className?: string }) {
  const hydrated = useHydrated();
  const src = pictureOf(asset);
  const classes = ['club-image', className].filter(Boolean).join(' ');
  if (!src) return <div className={`${classes} club-image-empty`} aria-hidden="true" />;
  return (
    <img
      className={classes}
      src={eager || hydrated ? src : undefined}
      width={CARD.width}
      height={CARD.height}
      alt=""
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}
