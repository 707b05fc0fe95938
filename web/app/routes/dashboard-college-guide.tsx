// /dashboard/travelclub-college/:guide: one College guide, its Markdown rendered by React (react-markdown,
// imported by this route only, so it is this route's chunk). No HTML in the files is rendered; links within
// the site move through the router. An unknown guide is a 404.
import ReactMarkdown, { type Components } from 'react-markdown';
import { Link } from 'react-router';
import { findGuide } from '~/college/guides';
import { PRODUCT } from '~/lib/brand';
import { notFound } from '~/lib/not-found';
import type { Route } from './+types/dashboard-college-guide';

export const GUIDE_NOT_FOUND = 'Guide not found';

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.guide.title ?? GUIDE_NOT_FOUND} · ${PRODUCT} College` },
];

export function loader({ params }: Route.LoaderArgs) {
  const guide = findGuide(params.guide);
  if (!guide) throw notFound(GUIDE_NOT_FOUND);
  return { guide: { title: guide.title, markdown: guide.markdown } };
}

const components: Components = {
  a: ({ href = '', children }) =>
    href.startsWith('/') ? (
      <Link to={href}>{children}</Link>
    ) : (
      <a href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    ),
};

export default function CollegeGuide({ loaderData }: Route.ComponentProps) {
  return (
    <div className="stack">
      <p className="dash-crumb">
        <Link to="/dashboard/travelclub-college">← {PRODUCT} College</Link>
      </p>
      <article className="dash-card dash-guide">
        <ReactMarkdown components={components} skipHtml>
          {loaderData.guide.markdown}
        </ReactMarkdown>
      </article>
    </div>
  );
}
