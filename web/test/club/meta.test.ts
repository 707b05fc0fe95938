// The club pages' head: a title per tab, the bio as description, the canonical link at the current slug (no
// query), the hero as the share image, and the not-found heads.
import { describe, expect, it } from 'vitest';
import { destinationsOf, isDeepPage, tabOf } from '~/club/club-data';
import { clubCanonical, clubMeta, clubNotFoundMeta, clubTitle } from '~/club/meta';
import { meta as layoutMeta } from '~/routes/club-layout';
import { meta as itineraryMeta } from '~/routes/club-itinerary';
import { club, guide } from './fixtures';
import { rootData } from './render';

const publicUrl = 'https://travel.example/';
type Tag = ReturnType<typeof clubMeta>[number];
const content = (tags: Tag[], key: string) =>
  (
    tags.find((t) => ('property' in t && t.property === key) || ('name' in t && t.name === key)) as
      { content: string } | undefined
  )?.content;
const titleOf = (tags: Tag[]) => (tags.find((t) => 'title' in t) as { title: string }).title;
const canonicalOf = (tags: Tag[]) => (tags.find((t) => 'rel' in t && t.rel === 'canonical') as { href: string }).href;

describe('the club head', () => {
  it('has the title, description, canonical link and share image of the home tab', () => {
    const tags = clubMeta({ club: club(), pathname: '/user/anna', publicUrl });
    expect(titleOf(tags)).toBe("Anna Travels' travel club · TravelClub");
    expect(content(tags, 'description')).toBe('Slow travel, good coffee and small hotels. Based in Lisbon.');
    expect(canonicalOf(tags)).toBe('https://travel.example/user/anna');
    expect(content(tags, 'og:url')).toBe('https://travel.example/user/anna');
    expect(content(tags, 'og:title')).toBe("Anna Travels' travel club · TravelClub");
    expect(content(tags, 'og:description')).toBe('Slow travel, good coffee and small hotels. Based in Lisbon.');
    expect(content(tags, 'og:image')).toBe('https://travel.example/api/v1/media/hero/600.jpg');
    expect(content(tags, 'og:image:width')).toBe('600');
    expect(content(tags, 'twitter:card')).toBe('summary_large_image');
    expect(content(tags, 'twitter:title')).toBe("Anna Travels' travel club · TravelClub");
  });

  it('names each tab, and writes a possessive of a name ending in s as people do', () => {
    expect(clubTitle('Anna', 'home')).toBe("Anna's travel club · TravelClub");
    expect(clubTitle('James', 'home')).toBe("James' travel club · TravelClub");
    expect(clubTitle('Anna', 'stays')).toBe('Stays recommended by Anna · TravelClub');
    expect(clubTitle('Anna', 'explore')).toBe('Explore with Anna · TravelClub');
    expect(clubTitle('Anna', 'itineraries')).toBe('Itineraries by Anna · TravelClub');
    const stays = clubMeta({ club: club(), pathname: '/user/anna/stays/', publicUrl });
    expect(canonicalOf(stays)).toBe('https://travel.example/user/anna/stays');
  });

  it('puts the canonical link at the current slug, whatever address was asked', () => {
    expect(clubCanonical(publicUrl, club(), '/user/Anna-Old/itineraries/g1')).toBe(
      'https://travel.example/user/anna/itineraries/g1',
    );
  });

  it('describes a club without a bio, and shares the profile picture (or nothing) without a hero', () => {
    const plain = club({}, { creatorProfile: { profilePicture: undefined, heroImage: undefined } });
    const tags = clubMeta({ club: { ...plain, recommendations: [] }, pathname: '/user/anna', publicUrl });
    expect(content(tags, 'description')).toBe(
      'Anna Travels shares favourite stays, trips and travel guides on TravelClub. Book them in a few taps.',
    );
    expect(content(tags, 'og:image')).toBeUndefined();
    expect(content(tags, 'twitter:card')).toBe('summary');
    const withFace = club({}, { creatorProfile: { profilePicture: club().profile.creatorProfile.profilePicture } });
    expect(content(clubMeta({ club: withFace, pathname: '/user/anna', publicUrl }), 'og:image')).toBe(
      'https://travel.example/api/v1/media/face/600.jpg',
    );
  });

  it('gives the layout route its head from the root data and the path, and a 404 head without a club', () => {
    const matches = [{ id: 'root', loaderData: rootData }];
    const tags = layoutMeta({
      loaderData: { club: club() },
      matches,
      location: { pathname: '/user/anna/explore' },
    } as never);
    expect(titleOf(tags as Tag[])).toBe('Explore with Anna Travels · TravelClub');
    expect(canonicalOf(tags as Tag[])).toBe('https://travel.example/user/anna/explore');
    const missing = layoutMeta({ loaderData: undefined, matches, location: { pathname: '/user/x/explore' } } as never);
    expect(missing).toEqual(clubNotFoundMeta());
    expect(missing).toEqual([{ title: 'Profile not found · TravelClub' }, { name: 'robots', content: 'noindex' }]);
  });

  it("titles a guide's page with the guide, and a missing one 'Itinerary not found'", () => {
    const matches = [
      { id: 'root', loaderData: rootData },
      { id: 'routes/club-layout', loaderData: { club: club() } },
    ];
    const location = { pathname: '/user/anna/itineraries/guide-1' };
    const tags = itineraryMeta({ loaderData: { guide: guide(), hotels: {} }, matches, location } as never) as Tag[];
    expect(titleOf(tags)).toBe('A weekend in Lisbon · Anna Travels · TravelClub');
    expect(content(tags, 'description')).toBe('Trams, tiles and pastries.');
    expect(canonicalOf(tags)).toBe('https://travel.example/user/anna/itineraries/guide-1');
    const missing = itineraryMeta({ loaderData: undefined, matches, location } as never) as Tag[];
    expect(titleOf(missing)).toBe('Itinerary not found · TravelClub');
  });
});

describe('the club addresses', () => {
  it('knows the tab of an address, and which pages are inside a tab', () => {
    expect(tabOf('/user/anna')).toBe('home');
    expect(tabOf('/user/anna/')).toBe('home');
    expect(tabOf('/user/anna/explore')).toBe('explore');
    expect(tabOf('/user/anna/itineraries/g1')).toBe('itineraries');
    expect(tabOf('/user/anna/packages/p1')).toBeNull();
    expect(tabOf('/hotel/x')).toBeNull();
    expect(isDeepPage('/user/anna/itineraries/g1')).toBe(true);
    expect(isDeepPage('/user/anna/itineraries/')).toBe(false);
    expect(destinationsOf(club())).toEqual([
      { id: 'city-lisbon', label: 'Lisbon', stays: 2 },
      { id: 'city-porto', label: 'Porto', stays: 1 },
    ]);
  });
});
