// A creator's club for the pages bench:web measures, made through the public API as a creator makes it: a
// creator account with a hero image, six recommended stays with photos and an active package; and a browser
// session of that creator (the session and CSRF cookies) for the dashboard, which only creators may open.
import sharp from 'sharp';
import { browserSession, catalogRooms, cookieHeader, Creator } from '@travelclub/testing';

export interface Club {
  slug: string;
  /** The creator's cookies, as a signed-in browser sends them. */
  cookie: string;
}

const photo = (background: string, width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();

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
  return { slug: creator.slug, cookie: cookieHeader(await browserSession(gateway, creator.token!)) };
}
