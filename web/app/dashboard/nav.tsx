// The dashboard's navigation, the same on every dashboard page (the layout's children and the pages outside
// it): a side column on wide screens, a sticky strip that scrolls sideways on phones. One list in the DOM for
// both (CSS decides), so there is one set of links for keyboards and screen readers.
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';

export interface DashboardLink {
  label: string;
  to: string;
  /** Other paths that belong to this entry (an editor opened from its list). */
  also?: readonly string[];
}

export const DASHBOARD_LINKS: readonly DashboardLink[] = [
  { label: 'Home', to: '/dashboard' },
  { label: 'Stays', to: '/dashboard/manage-stays', also: ['/dashboard/stays'] },
  { label: 'Itineraries', to: '/dashboard/manage-itineraries', also: ['/dashboard/experiences'] },
  { label: 'Analytics', to: '/dashboard/analytics' },
  { label: 'Income', to: '/dashboard/income' },
  { label: 'Club', to: '/dashboard/club' },
  { label: 'Club settings', to: '/dashboard/club-settings' },
  { label: 'Taylor', to: '/dashboard/chat' },
  { label: 'College', to: '/dashboard/travelclub-college' },
  { label: 'Settings', to: '/dashboard/settings' },
  { label: 'More', to: '/dashboard/more' },
];

const within = (path: string, base: string) => path === base || path.startsWith(`${base}/`);

/** The entry a path belongs to: Home only for /dashboard itself, the others for their pages below them too. */
export function currentLink(pathname: string): DashboardLink | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  return DASHBOARD_LINKS.find((link) =>
    link.to === '/dashboard' ? path === link.to : [link.to, ...(link.also ?? [])].some((base) => within(path, base)),
  );
}

export function DashboardNav() {
  const { pathname } = useLocation();
  const current = currentLink(pathname);
  const list = useRef<HTMLUListElement>(null);

  // On a phone the strip scrolls sideways: bring the current entry into view (the strip only, not the page).
  useEffect(() => {
    const strip = list.current;
    const active = strip?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!strip || !active || strip.scrollWidth <= strip.clientWidth) return;
    strip.scrollLeft = active.offsetLeft - (strip.clientWidth - active.offsetWidth) / 2;
  }, [current]);

  return (
    <nav className="dash-nav" aria-label="Dashboard">
      <ul ref={list}>
        {DASHBOARD_LINKS.map((link) => (
          <li key={link.to}>
            <Link to={link.to} aria-current={link === current ? 'page' : undefined}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
