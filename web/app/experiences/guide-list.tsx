// The creator's written guides on the manage page: each with its state, a link to its public page once it is
// published, and delete with undo. Guides are written outside the dashboard for now, so there is no editor
// link.
import type { Guide } from '@travelclub/contracts';
import { plural } from '~/search/format';
import { Button, LinkButton } from '~/ui/button';

export const guidePath = (slug: string, id: string) => `/user/${slug}/itineraries/${id}`;

function GuideRow(props: { guide: Guide; slug: string | undefined; deleteError?: string; onDelete: () => void }) {
  const { guide, slug } = props;
  const published = guide.status === 'published';
  return (
    <li className="xp-row card" data-row={guide.id}>
      <div className="xp-row-main">
        <h3>{guide.title}</h3>
        <p className="muted">
          <span className="xp-badge" data-live={published || undefined}>
            {published ? 'Published' : 'Draft'}
          </span>{' '}
          {plural(guide.days.length, 'day')}
        </p>
      </div>
      <div className="xp-row-tools">
        {published && slug ? (
          <LinkButton variant="secondary" to={guidePath(slug, guide.id)} aria-label={`View “${guide.title}”`}>
            View
          </LinkButton>
        ) : null}
        <Button variant="quiet" data-action="delete" aria-label={`Delete “${guide.title}”`} onPress={props.onDelete}>
          Delete
        </Button>
      </div>
      {props.deleteError ? (
        <p className="field-error xp-row-problem" role="alert">
          {props.deleteError}
        </p>
      ) : null}
    </li>
  );
}

export function GuideList(props: {
  guides: Guide[];
  slug: string | undefined;
  isGone: (id: string) => boolean;
  failed: Record<string, string>;
  onDelete: (guide: Guide) => void;
}) {
  const visible = props.guides.filter((g) => !props.isGone(g.id));
  if (visible.length === 0) return <p>No written guides yet.</p>;
  return (
    <ol className="xp-rows">
      {visible.map((guide) => (
        <GuideRow
          key={guide.id}
          guide={guide}
          slug={props.slug}
          deleteError={props.failed[guide.id]}
          onDelete={() => props.onDelete(guide)}
        />
      ))}
    </ol>
  );
}
