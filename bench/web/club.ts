// A creator's club for the pages bench:web measures, made through the public API as a creator makes it: a
// creator account with a hero image, six recommended stays with photos and an active package; and a browser
// session of that creator (the session and CSRF cookies) for the dashboard, which only creators may open.
import sharp from 'sharp';
import { catalogRooms, Creator } from '@travelclub/testing';

export interface Club {
  slug: string;
  /** The creator's cookies, as a signed-in browser sends them. */
  cookie: string;
}

const photo = (background: string, width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();

const cookieValue = (res: Response, name: string) =>
  res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .find((pair) => pair.startsWith(`${name}=`));

/** The session cookie a browser gets for `token` (the double-submit CSRF dance of the web app's sign-in). */
async function sessionCookie(gateway: string, token: string): Promise<string> {
  const csrfAnswer = await fetch(`${gateway}/api/v1/auth/csrf`);
  const { csrfToken } = (await csrfAnswer.json()) as { csrfToken: string };
  const csrf = cookieValue(csrfAnswer, 'tc_csrf');
  const login = await fetch(`${gateway}/api/sessionLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(csrf && { cookie: csrf }) },
    body: JSON.stringify({ data: token, csrf: csrfToken }),
  });
  const session = cookieValue(login, 'tc_session');
  if (!login.ok || !session) throw new Error(`sessionLogin answered ${login.status}: ${await login.text()}`);
  return [session, csrf].filter(Boolean).join('; ');
}

export async function makeClub(gateway: string): Promise<Club> {
  const creator = await new Creator(gateway).signUp(`bench-web-${Date.now()}@example.test`, 'Bench Travels');
  const hero = await creator.uploadHeroImage(await photo('#28536b', 1600, 900));
  if (hero.status !== 200) throw new Error(`hero image answered ${hero.status}: ${JSON.stringify(hero.body)}`);
  const rooms = await catalogRooms(gateway, 6);
  const colours = ['#8c5e3c', '#3c6e8c', '#5e8c3c', '#8c3c6e', '#6e8c3c', '#3c8c7a'];
  for (const [i, room] of rooms.entries()) {
    const cover = await photo(colours[i % colours.length]!, 1200, 800);
    const res = await creator.recommend(room.hotelId, `Stay ${i + 1}`, 'Quiet rooms, a pool and a view.', cover);
    if (res.status !== 201) throw new Error(`recommendation answered ${res.status}: ${JSON.stringify(res.body)}`);
  }
  await creator.publishPackage('A week by the sea', rooms.slice(0, 3));
  return { slug: creator.slug, cookie: await sessionCookie(gateway, creator.token!) };
}
