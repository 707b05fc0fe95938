// The dashboard's quiet pages: More (the four external links of spec section 2), Taylor's chat as it opens
// inside the layout (its own tests are in web/test/assistant/), and College (the guides listed from their files,
// one guide rendered from its Markdown, an unknown guide a 404 inside the dashboard).
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { collegeGuides, guideOf } from '~/college/guides';
import DashboardLayout, { ErrorBoundary, loader as layoutLoader } from '~/routes/dashboard';
import DashboardChat from '~/routes/dashboard-chat';
import DashboardCollege, { loader as collegeLoader } from '~/routes/dashboard-college';
import CollegeGuide, { loader as guideLoader } from '~/routes/dashboard-college-guide';
import DashboardMore, { loader as moreLoader } from '~/routes/dashboard-more';
import { answers, callsOf, renderRoutes, resetApi, signedInArgs } from './harness';

vi.mock('~/lib/browser-api', async () => (await import('./harness')).browserApi);

beforeEach(() => resetApi());

/** A child page inside the real dashboard layout (frame, gate and error boundary). */
function openInLayout(child: { path?: string; index?: boolean; Component: never; loader?: never }, url: string) {
  renderRoutes(
    [
      {
        path: '/dashboard',
        Component: DashboardLayout,
        ErrorBoundary: ErrorBoundary as never,
        loader: (args: never) => layoutLoader(signedInArgs(args)),
        children: [child],
      },
    ],
    url,
  );
}

describe('More', () => {
  it('holds the four external links, each opening in a new tab', async () => {
    openInLayout({ path: 'more', Component: DashboardMore as never, loader: moreLoader as never }, '/dashboard/more');
    expect(await screen.findByRole('heading', { level: 1, name: 'More' })).toBeTruthy();
    const links = screen.getAllByRole('link', { name: /\(opens in a new tab\)/ });
    expect(links.map((link) => link.textContent?.replace(' (opens in a new tab) ↗', ''))).toEqual([
      'Book a product demo',
      'Work with brands',
      'Report a bug',
      'Request a feature',
    ]);
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
      expect(link.getAttribute('href')).toMatch(/^https:\/\//);
    }
  });

  it('takes each address from the environment when it is set', async () => {
    vi.stubEnv('MORE_DEMO_URL', 'https://cal.test/travelclub-demo');
    try {
      expect(moreLoader().links[0]).toMatchObject({
        label: 'Book a product demo',
        href: 'https://cal.test/travelclub-demo',
      });
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe('Taylor', () => {
  it('opens the chat inside the dashboard: the creator’s conversations, suggestions and the message box', async () => {
    answers['assistant.listConversations'] = () => ({ conversations: [] });
    openInLayout({ path: 'chat', Component: DashboardChat as never }, '/dashboard/chat');
    expect(await screen.findByRole('heading', { level: 1, name: 'Taylor, your travel assistant' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(await screen.findByText('No conversations yet. Ask Taylor anything to start one.')).toBeTruthy();
    expect(callsOf('assistant.listConversations')).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: 'Message Taylor' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show my numbers for last month' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Drafts from Taylor' }).getAttribute('href')).toBe('/dashboard/stays');
    expect(screen.getByRole('link', { name: 'Taylor', current: 'page' })).toBeTruthy();
  });
});

describe('College', () => {
  it('reads its guides from the Markdown files, in the order of their numbers', () => {
    expect(collegeGuides.map((guide) => [guide.slug, guide.title])).toEqual([
      ['set-up-your-club', 'Set up your club in ten minutes'],
      ['write-a-recommendation', 'Write a recommendation travellers trust'],
      ['build-a-package', 'Build a package that sells'],
      ['share-your-link', 'Share your link'],
      ['get-verified', 'Get verified'],
    ]);
    expect(guideOf('./07-a-guide.md', '# A title\n\nFirst line\nsecond line.\n\n## More\n\nText')).toEqual({
      slug: 'a-guide',
      title: 'A title',
      summary: 'First line second line.',
      markdown: '# A title\n\nFirst line\nsecond line.\n\n## More\n\nText',
    });
  });

  it('lists the guides with what each covers', async () => {
    openInLayout(
      { path: 'travelclub-college', Component: DashboardCollege as never, loader: collegeLoader as never },
      '/dashboard/travelclub-college',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'TravelClub College' })).toBeTruthy();
    const titles = screen.getAllByRole('heading', { level: 2 });
    expect(titles.map((h) => h.textContent)).toEqual(collegeGuides.map((guide) => guide.title));
    const first = within(titles[0]!).getByRole('link');
    expect(first.getAttribute('href')).toBe('/dashboard/travelclub-college/set-up-your-club');
    expect(screen.getByText(collegeGuides[0]!.summary)).toBeTruthy();
  });

  it('renders one guide from its Markdown: headings in order, site links through the router', async () => {
    openInLayout(
      { path: 'travelclub-college/:guide', Component: CollegeGuide as never, loader: guideLoader as never },
      '/dashboard/travelclub-college/get-verified',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Get verified' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Who can be verified',
      'How to ask',
      'Make it easy to check',
      'If it is refused',
    ]);
    const inGuide = screen.getByRole('article');
    expect(within(inGuide).getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe(
      '/dashboard/settings#verification',
    );
    expect(within(inGuide).getByText('Request verification').tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: '← TravelClub College' }).getAttribute('href')).toBe(
      '/dashboard/travelclub-college',
    );
    // A site link moves through the router (a plain link would do nothing here).
    await userEvent.setup().click(within(inGuide).getByRole('link', { name: 'Settings' }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/dashboard/settings');
  });

  it("answers an unknown guide with a 404 'Guide not found', inside the dashboard", async () => {
    openInLayout(
      { path: 'travelclub-college/:guide', Component: CollegeGuide as never, loader: guideLoader as never },
      '/dashboard/travelclub-college/no-such-guide',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Guide not found' })).toBeTruthy();
    expect(screen.getByText('The page you are looking for does not exist.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go Back To Home' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.getByRole('navigation', { name: 'Dashboard' })).toBeTruthy();
  });
});
