// The club's address rules on the server (spec section 2): the club read once per request, an old slug moved
// (301) to the current one on the same tab, an unknown slug sent to / , and the explore tab's 404.
import { ApiError } from '@travelclub/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clubOf, movedTo, requireClub } from '~/club/load.server';
import { loader as layoutLoader, headers } from '~/routes/club-layout';
import { loader as exploreLoader } from '~/routes/club-explore';
import { answers, callsOf, notFoundError, resetServer } from './api';
import { club } from './fixtures';

vi.mock('~/lib/api.server', async () => (await import('./api')).server);

const request = (path: string) => new Request(`http://web.test${path}`);
const thrownBy = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (err: unknown) => err,
  );

beforeEach(() => resetServer());

describe('the club layout loader', () => {
  it('reads the club view for the slug and gives it to the page', async () => {
    answers['creator.clubView'] = () => club();
    const data = await layoutLoader({ request: request('/user/anna'), params: { slug: 'anna' } } as never);
    expect(data.club.profile.publicName).toBe('Anna Travels');
    expect(callsOf('creator.clubView')).toEqual([{ params: { slug: 'anna' } }]);
  });

  it('moves an old slug to the current one with a 301, on the same tab and with the query', async () => {
    answers['creator.clubView'] = () => club();
    const moved = (await thrownBy(requireClub(request('/user/anna-old/stays?x=1'), 'anna-old'))) as Response;
    expect(moved.status).toBe(301);
    expect(moved.headers.get('Location')).toBe('/user/anna/stays?x=1');
    const guide = (await thrownBy(requireClub(request('/user/Anna/itineraries/g1'), 'Anna'))) as Response;
    expect(guide.headers.get('Location')).toBe('/user/anna/itineraries/g1');
    expect(movedTo(new URL('http://x/user/old'), 'new')).toBe('/user/new');
  });

  it('sends an unknown slug to / on every tab but explore', async () => {
    answers['creator.clubView'] = () => {
      throw notFoundError();
    };
    for (const path of [
      '/user/nobody',
      '/user/nobody/stays',
      '/user/nobody/itineraries',
      '/user/nobody/itineraries/1',
    ]) {
      const sent = (await thrownBy(requireClub(request(path), 'nobody'))) as Response;
      expect(sent.status).toBe(302);
      expect(sent.headers.get('Location')).toBe('/');
    }
  });

  it("answers the explore tab of an unknown slug with a 404 'Profile not found'", async () => {
    answers['creator.clubView'] = () => {
      throw notFoundError();
    };
    answers['catalog.recommended'] = () => ({ basis: 'popular', hotels: [] });
    const thrown = await thrownBy(
      exploreLoader({ request: request('/user/nobody/explore'), params: { slug: 'nobody' } } as never),
    );
    expect(thrown).toMatchObject({ data: { title: 'Profile not found' }, init: { status: 404 } });
    // A slug too long for any creator is never asked for, and is as unknown.
    const long = 'a'.repeat(101);
    const tooLong = await thrownBy(requireClub(request(`/user/${long}/explore`), long));
    expect(tooLong).toMatchObject({ data: { title: 'Profile not found' } });
    expect(callsOf('creator.clubView')).toHaveLength(1);
  });

  it('asks the creator service once per page request, however many loaders need the club', async () => {
    answers['creator.clubView'] = () => club();
    const asked = request('/user/anna/itineraries/guide-1');
    const [a, b] = await Promise.all([clubOf(asked, 'anna'), requireClub(asked, 'anna')]);
    expect(a).toBe(b);
    expect(callsOf('creator.clubView')).toHaveLength(1);
    await clubOf(request('/user/anna'), 'anna');
    expect(callsOf('creator.clubView')).toHaveLength(2);
  });

  it('lets a creator service that does not answer reach the error page (not a redirect)', async () => {
    answers['creator.clubView'] = () => {
      throw new ApiError(503, 'service-unavailable', 'down');
    };
    const thrown = await thrownBy(requireClub(request('/user/anna'), 'anna'));
    expect(thrown).toBeInstanceOf(ApiError);
  });

  it('lets the page be shared for 3 seconds (docs/web-creator.md, "Speed")', () => {
    expect(new Headers(headers({} as never) as HeadersInit).get('Cache-Control')).toBe('public, s-maxage=3');
  });
});

describe('the explore loader', () => {
  it("lists the catalog's recommended hotels for the creator, theirs first, and survives without them", async () => {
    answers['creator.clubView'] = () => club();
    const hotel = (id: string) => ({ ...club().recommendations[0]!.hotel, id });
    answers['catalog.recommended'] = () => ({
      basis: 'popular',
      fromCreator: 2,
      hotels: [hotel('a'), hotel('b'), hotel('c')],
    });
    const data = await exploreLoader({ request: request('/user/anna/explore'), params: { slug: 'anna' } } as never);
    expect(callsOf('catalog.recommended')).toEqual([{ query: { creator: 'anna', take: 12 } }]);
    expect(data.picked.map((h) => h.id)).toEqual(['a', 'b']);
    expect(data.more.map((h) => h.id)).toEqual(['c']);

    answers['catalog.recommended'] = () => {
      throw new ApiError(503, 'service-unavailable', 'down');
    };
    const without = await exploreLoader({ request: request('/user/anna/explore'), params: { slug: 'anna' } } as never);
    expect(without).toEqual({ picked: [], more: [] });
  });
});
