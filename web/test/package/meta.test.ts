// The package page's head: title, description, canonical address in the creator's club, share image (the
// cover, else a hotel's photo in the share box), and the not-found head; through the route's meta function.
import { imageBoxes } from '@travelclub/contracts';
import { describe, expect, it } from 'vitest';
import { meta } from '~/routes/club-package';
import { aPackage, pageData } from './fixtures';

const root = {
  id: 'root',
  loaderData: { environmentVariables: { publicApiUrl: 'https://travel.example/', imagesHost: 'https://img.example' } },
};
const headOf = (loaderData: unknown) => meta({ loaderData, matches: [root] } as never);
const valueOf = (tags: ReturnType<typeof headOf>, key: string) => {
  const tag = tags.find((t) => (t as { property?: string }).property === key || (t as { name?: string }).name === key);
  return (tag as { content?: string } | undefined)?.content;
};

describe('the package page head', () => {
  it('has the title, description, canonical link and Open Graph tags from the package and its creator', () => {
    const tags = headOf(pageData());
    const title = 'Lisbon and Porto by the water · a trip by Anna Travels on TravelClub';
    const url = 'https://travel.example/user/anna/packages/pkg-1';
    expect(tags).toContainEqual({ title });
    expect(tags).toContainEqual({
      name: 'description',
      content: 'Five slow days between two river cities. Every night in a hand-picked hotel.',
    });
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: url });
    expect(valueOf(tags, 'og:url')).toBe(url);
    expect(valueOf(tags, 'og:title')).toBe(title);
    expect(valueOf(tags, 'og:type')).toBe('website');
    expect(valueOf(tags, 'twitter:card')).toBe('summary_large_image');
  });

  it('shares the cover at 600 px wide', () => {
    const tags = headOf(pageData());
    expect(valueOf(tags, 'og:image')).toBe('https://travel.example/api/v1/media/pkg-cover/600.jpg');
    expect(valueOf(tags, 'og:image:width')).toBe('600');
    expect(valueOf(tags, 'og:image:alt')).toBe('Lisbon and Porto by the water');
  });

  it('shares the first hotel’s photo in the share box (600 px at 16:9) when the package has no cover', () => {
    const tags = headOf(pageData({ cover: undefined }));
    const { w, h, q } = imageBoxes.share;
    expect(valueOf(tags, 'og:image')).toBe(`https://img.example/api/v1/images/h1-title?w=${w}&h=${h}&q=${q}`);
    expect(valueOf(tags, 'og:image:height')).toBe('338');
  });

  it('has no share image without a cover or hotel photos, and says what the trip is without a summary', () => {
    const hotels = aPackage().hotels.map((hotel) => ({ ...hotel, titleImage: undefined }));
    const tags = headOf(pageData({ cover: undefined, hotels, summary: '' }));
    expect(valueOf(tags, 'og:image')).toBeUndefined();
    expect(valueOf(tags, 'twitter:card')).toBe('summary');
    expect(valueOf(tags, 'description')).toBe('A 5-day trip by Anna Travels, with 4 nights in 2 hotels.');
  });

  it('names a missing package, not indexed', () => {
    expect(headOf(undefined)).toEqual([{ title: 'Travel package not found' }, { name: 'robots', content: 'noindex' }]);
  });
});
