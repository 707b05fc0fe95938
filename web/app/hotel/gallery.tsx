// The hotel's photos: a row that scrolls and snaps (touch, trackpad, keyboard once focused), with previous and
// next buttons. The first photo is the page's largest paint, so it loads at once with high priority and a
// fixed size. The others are asked for only once the page is running: in the server's HTML they would load
// at once too (they sit beside the first, near enough for lazy loading), and on a phone's network five more
// photos took the bandwidth the first one needed (bench:web's mobile runs). Their places are kept meanwhile.
import { useRef } from 'react';
import type { ImageAsset } from '@travelclub/contracts';
import { useHydrated } from '~/lib/use-hydrated';

/** The catalog's pictures are 3:2; width and height reserve the space before they arrive. */
const PHOTO = { width: 600, height: 400 } as const;
// The 200 px link is a 400 px wide picture (the CDN doubles sizes under 500): two widths to choose from.
const srcSetOf = (image: ImageAsset) => `${image.links['200px']} 400w, ${image.links['600px']} 600w`;
const SIZES = '(min-width: 48rem) 50vw, 88vw';

export function Gallery({ name, images }: { name: string; images: readonly ImageAsset[] }) {
  const track = useRef<HTMLUListElement>(null);
  const showAll = useHydrated();
  if (images.length === 0) return null;
  const scroll = (direction: 1 | -1) => {
    const el = track.current;
    if (el) el.scrollBy({ left: direction * el.clientWidth * 0.8, behavior: 'smooth' });
  };
  return (
    <section className="gallery" aria-label={`Photos of ${name}`}>
      <ul className="gallery-track" ref={track} tabIndex={0} aria-label={`${images.length} photos, scroll sideways`}>
        {images.map((image, i) => (
          <li key={image.publicId}>
            {i > 0 && !showAll ? (
              <span className="gallery-placeholder" />
            ) : (
              <img
                src={image.links['600px']}
                srcSet={srcSetOf(image)}
                sizes={SIZES}
                width={PHOTO.width}
                height={PHOTO.height}
                alt={`${name}, photo ${i + 1} of ${images.length}`}
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : 'auto'}
                decoding={i === 0 ? 'sync' : 'async'}
              />
            )}
          </li>
        ))}
      </ul>
      {images.length > 1 ? (
        <div className="gallery-controls">
          <button type="button" className="icon-button" onClick={() => scroll(-1)} aria-label="Previous photos">
            <span aria-hidden="true">‹</span>
          </button>
          <button type="button" className="icon-button" onClick={() => scroll(1)} aria-label="Next photos">
            <span aria-hidden="true">›</span>
          </button>
        </div>
      ) : null}
    </section>
  );
}
