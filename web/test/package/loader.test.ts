// The package page's loader, on the server: the package and the creator are read at once; a package that is
// missing, not active or another creator's (or an address or id nobody can have) is a 404 'Travel package
// not found'; other failures reach the error page.
import { ApiError, endpoints } from '@travelclub/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loader } from '~/routes/club-package';
import { aPackage, aProfile } from './fixtures';

const serverCall = vi.hoisted(() => vi.fn());
vi.mock('~/lib/api.server', () => ({ serverCall }));

type Answer = (input: unknown) => unknown;
let answers: Map<unknown, Answer>;
const calls = (e: unknown) => serverCall.mock.calls.filter(([, called]) => called === e).map(([, , input]) => input);

beforeEach(() => {
  answers = new Map<unknown, Answer>([
    [endpoints.creator.publicProfile, () => aProfile()],
    [endpoints.creator.packageWithHotels, () => aPackage()],
  ]);
  serverCall.mockReset();
  serverCall.mockImplementation(async (_request: Request, e: unknown, input: unknown) => {
    const answer = answers.get(e);
    if (!answer) throw new Error('no answer');
    return answer(input);
  });
});

const load = (slug: string | undefined, id: string | undefined) =>
  loader({
    request: new Request(`http://web.test/user/${slug}/packages/${id}`),
    params: { slug, id },
    context: {},
  } as never);

/** The 404 the loader throws, with its title. */
async function notFound(promise: Promise<unknown>) {
  const thrown = (await promise.then(
    () => null,
    (err: unknown) => err,
  )) as { init?: { status?: number }; data?: { title?: string } } | null;
  expect(thrown?.init?.status).toBe(404);
  return thrown?.data?.title;
}

const refuse = (status: number, code: string) => () => {
  throw new ApiError(status, code as never, 'refused');
};

describe('the package page loader', () => {
  it('reads the creator by the address and the package with its hotels, and answers both', async () => {
    const data = await load('anna', 'pkg-1');
    expect(calls(endpoints.creator.publicProfile)).toEqual([{ params: { slug: 'anna' } }]);
    expect(calls(endpoints.creator.packageWithHotels)).toEqual([{ params: { id: 'pkg-1' }, query: {} }]);
    expect(data.creator).toEqual({ slug: 'anna', publicName: 'Anna Travels' });
    expect(data.travelPackage.title).toBe('Lisbon and Porto by the water');
    expect(data.travelPackage.hotels.map((hotel) => hotel.name)).toEqual(['Harbour House', 'Riverside Inn']);
  });

  it('shows the package under an old address of its creator, named by the current one', async () => {
    answers.set(endpoints.creator.publicProfile, () => aProfile({ slug: 'anna-travels' }));
    const data = await load('anna-old', 'pkg-1');
    expect(data.creator.slug).toBe('anna-travels');
  });

  it('is a 404 for a package that does not exist', async () => {
    answers.set(endpoints.creator.packageWithHotels, refuse(404, 'travel-package-not-found'));
    expect(await notFound(load('anna', 'pkg-gone'))).toBe('Travel package not found');
  });

  it('is a 404 for a package that is not active (a draft)', async () => {
    answers.set(endpoints.creator.packageWithHotels, () => aPackage({ status: 'draft' }));
    expect(await notFound(load('anna', 'pkg-1'))).toBe('Travel package not found');
  });

  it('is a 404 for another creator’s package', async () => {
    answers.set(endpoints.creator.packageWithHotels, () => aPackage({ userId: 'creator-2' }));
    expect(await notFound(load('anna', 'pkg-1'))).toBe('Travel package not found');
  });

  it('is a 404 for an address no creator has', async () => {
    answers.set(endpoints.creator.publicProfile, refuse(404, 'profile-not-found'));
    expect(await notFound(load('nobody', 'pkg-1'))).toBe('Travel package not found');
  });

  it('is a 404 for an id the service will not look up, and for ids nobody can have, without a call', async () => {
    answers.set(endpoints.creator.packageWithHotels, refuse(400, 'validation-failed'));
    expect(await notFound(load('anna', 'bad id'))).toBe('Travel package not found');
    serverCall.mockClear();
    expect(await notFound(load('anna', 'x'.repeat(129)))).toBe('Travel package not found');
    expect(await notFound(load('anna', undefined))).toBe('Travel package not found');
    expect(serverCall).not.toHaveBeenCalled();
  });

  it('lets other failures reach the error page', async () => {
    answers.set(endpoints.creator.packageWithHotels, refuse(503, 'service-unavailable'));
    await expect(load('anna', 'pkg-1')).rejects.toBeInstanceOf(ApiError);
  });
});
