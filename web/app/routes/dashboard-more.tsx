// /dashboard/more: the four external links of spec section 2 (a product demo, work with brands, a bug
// report, feature requests). They open in a new tab, so the dashboard stays where it was.
import { moreLinks } from '~/dashboard/more-links.server';
import { PRODUCT } from '~/lib/brand';
import type { Route } from './+types/dashboard-more';

export const meta: Route.MetaFunction = () => [{ title: `More · ${PRODUCT}` }];

export const loader = () => ({ links: moreLinks() });

export default function DashboardMore({ loaderData }: Route.ComponentProps) {
  return (
    <div className="stack">
      <h1>More</h1>
      <ul className="dash-link-cards">
        {loaderData.links.map((link) => (
          <li key={link.id} className="dash-card">
            <h2>
              <a href={link.href} target="_blank" rel="noopener noreferrer">
                {link.label}
                <span className="visually-hidden"> (opens in a new tab)</span>
                <span aria-hidden="true"> ↗</span>
              </a>
            </h2>
            <p className="muted">{link.description}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
