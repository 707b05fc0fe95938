// /dashboard/travelclub-college ({product}-college, spec section 2): the short guides for creators, listed with
// what each one covers. The guides are Markdown files in the repository (web/app/college/).
import { Link } from 'react-router';
import { collegeGuides } from '~/college/guides';
import { PRODUCT } from '~/lib/brand';
import type { Route } from './+types/dashboard-college';

export const meta: Route.MetaFunction = () => [{ title: `${PRODUCT} College · ${PRODUCT}` }];

export const loader = () => ({
  guides: collegeGuides.map(({ slug, title, summary }) => ({ slug, title, summary })),
});

export default function DashboardCollege({ loaderData }: Route.ComponentProps) {
  return (
    <div className="stack">
      <h1>{PRODUCT} College</h1>
      <p className="muted">Short guides to run your club well, each a few minutes to read.</p>
      <ol className="dash-link-cards dash-guides">
        {loaderData.guides.map((guide, i) => (
          <li key={guide.slug} className="dash-card">
            <span className="dash-guide-number" aria-hidden="true">
              {i + 1}
            </span>
            <h2>
              <Link to={`/dashboard/travelclub-college/${guide.slug}`}>{guide.title}</Link>
            </h2>
            <p className="muted">{guide.summary}</p>
          </li>
        ))}
      </ol>
    </div>
  );
}
