// The itinerary pages' loaders: `/itinerary/contact` (no id) is a 404 'Itinerary not found' (spec section 2);
// with an id the page renders its shell and reads the itinerary in the browser.
import { notFound } from '~/lib/not-found';
import { PRODUCT } from '~/lib/brand';
import { ITINERARY_NOT_FOUND } from './itinerary-gate';

export function itineraryIdOf(params: { itineraryId?: string }): { itineraryId: string } {
  if (!params.itineraryId) throw notFound(ITINERARY_NOT_FOUND);
  return { itineraryId: params.itineraryId };
}

/** The page's title (the 404's own when the loader found no id); never indexed: the pages are personal. */
export const pageMeta = (error: unknown, title: string) => [
  { title: `${error ? ITINERARY_NOT_FOUND : title} · ${PRODUCT}` },
  { name: 'robots', content: 'noindex' },
];
