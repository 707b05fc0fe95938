// The club home as the server renders it (React Router's static handler with the real route modules): the
// hero in the HTML with high priority, the first card's picture with the page and the others left for later,
// the subscribe form working without JavaScript (a POST to the home's action), and no unsafe address anywhere.
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, useRouteLoaderData } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import ClubHome, { action as homeAction } from '~/routes/club-home';
import ClubLayout, { loader as layoutLoader } from '~/routes/club-layout';
import { answers, resetServer } from './api';
import { club } from './fixtures';

vi.mock('~/lib/api.server', async () => (await import('./api')).server);

beforeEach(() => resetServer());

const routes = [
  {
    id: 'routes/club-layout',
    path: '/user/:slug',
    loader: layoutLoader as never,
    // The framework hands route components their loader data; the static router does not, so it is read here.
    Component: function Layout() {
      const props = { loaderData: useLayoutData() } as Parameters<typeof ClubLayout>[0];
      return <ClubLayout {...props} />;
    },
    children: [{ index: true, Component: ClubHome, action: homeAction as never }],
  },
];

function useLayoutData() {
  return useRouteLoaderData('routes/club-layout');
}

async function serverHtml(path: string) {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://web.test${path}`));
  if (context instanceof Response) throw new Error(`answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

describe('the club home on the server', () => {
  it('sends the hero first in line, the first card with its picture, the others without', async () => {
    answers['creator.clubView'] = () => club();
    const html = await serverHtml('/user/anna');
    const hero = /<img[^>]*class="club-hero"[^>]*>/.exec(html)![0];
    expect(hero).toContain('src="https://travel.example/api/v1/media/hero/600.jpg"');
    expect(hero).toContain('fetchPriority="high"');
    expect(hero).toContain('loading="eager"');
    const cards = [...html.matchAll(/<img[^>]*class="club-image"[^>]*>/g)].map(([tag]) => tag);
    expect(cards[0]).toContain('src="https://travel.example/api/v1/media/tile-1/600.jpg"');
    expect(cards.slice(1).every((tag) => !tag.includes('src='))).toBe(true);
    expect(html).toContain('<h1 class="club-name"><span>Anna Travels</span>');
    const form = /<form[^>]*>/.exec(html)![0];
    expect(form).toContain('action="/user/anna?index"');
    expect(form).toContain('method="post"');
    // React announces the hero to the browser ahead of everything else.
    expect(
      html.startsWith('<link rel="preload" as="image" href="https://travel.example/api/v1/media/hero/600.jpg"'),
    ).toBe(true);
    expect(html).not.toContain('javascript:');
  });
});
