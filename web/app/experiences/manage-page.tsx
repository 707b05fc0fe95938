// /dashboard/manage-itineraries: the creator's travel packages (live or not, in their club's order, deleted
// with undo, a new one a tap away) and their written guides. Everything here is theirs, read in the browser.
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useCreatorProfile, useMyPackages } from '~/dashboard/queries';
import { myGuidesQuery, myPackagesQuery, packageQuery } from '~/lib/queries';
import { LoadError, Loading } from '~/dashboard/status';
import { loadApi } from '~/lib/session';
import { LinkButton } from '~/ui/button';
import { GuideList } from './guide-list';
import { PackageList } from './package-list';
import { useMyGuides } from './queries';
import { UndoToasts } from './undo-toasts';
import { useUndoableDeletes, type Deletion } from './use-undo-delete';
import { useFocusLater } from './use-focus-later';

export const MANAGE_TITLE = 'Your itineraries';

function useDeletes() {
  const client = useQueryClient();
  const focusLater = useFocusLater();
  async function send(d: Deletion) {
    const api = await loadApi();
    if (d.kind === 'package') {
      await api.call(api.endpoints.creator.deletePackage, { params: { id: d.id } });
      client.setQueryData(myPackagesQuery().queryKey, (all) => all?.filter((p) => p.id !== d.id));
      client.removeQueries({ queryKey: packageQuery(d.id).queryKey });
    } else {
      await api.call(api.endpoints.creator.deleteGuide, { params: { id: d.id } });
      client.setQueryData(myGuidesQuery().queryKey, (all) => all?.filter((g) => g.id !== d.id));
    }
  }
  // Focus was on the toast's Undo: it goes back to the row (undone) or to its section (deleted).
  function onSettled(d: Deletion, undone: boolean) {
    if (!document.activeElement?.closest(`[data-toast="${d.id}"]`)) return;
    focusLater(undone ? `[data-row="${d.id}"] [data-action="delete"]` : `#xp-${d.kind}s-heading`);
  }
  const deletes = useUndoableDeletes(send, { onSettled });
  const remove = (d: Deletion) => {
    deletes.remove(d);
    focusLater(`[data-toast="${d.id}"] button`);
  };
  return { ...deletes, remove };
}

function Section(props: { id: string; title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section className="xp-section" aria-labelledby={props.id}>
      <header className="xp-section-head">
        <h2 id={props.id} tabIndex={-1}>
          {props.title}
        </h2>
        {props.action}
      </header>
      {props.children}
    </section>
  );
}

export function ManageItineraries() {
  const profile = useCreatorProfile();
  const packages = useMyPackages();
  const guides = useMyGuides();
  const deletes = useDeletes();
  const listed = (query: typeof packages | typeof guides, render: () => ReactNode) => {
    if (query.isError) return <LoadError error={query.error} retry={() => void query.refetch()} />;
    if (!query.data) return <Loading />;
    return render();
  };

  return (
    <div className="stack xp-manage">
      <h1>{MANAGE_TITLE}</h1>
      <p className="muted">The travel packages your followers can book, and the guides you have written.</p>
      <Section
        id="xp-packages-heading"
        title="Travel packages"
        action={<LinkButton to="/dashboard/experiences/add">New package</LinkButton>}
      >
        {listed(packages, () => (
          <PackageList
            packages={packages.data!}
            isGone={deletes.isGone}
            failed={deletes.failed}
            onDelete={(p) => deletes.remove({ id: p.id, kind: 'package', title: p.title })}
          />
        ))}
      </Section>
      <Section id="xp-guides-heading" title="Written guides">
        <p className="muted">Your guides as your club shows them. Writing and editing guides here is coming soon.</p>
        {listed(guides, () => (
          <GuideList
            guides={guides.data!}
            slug={profile.data?.slug}
            isGone={deletes.isGone}
            failed={deletes.failed}
            onDelete={(g) => deletes.remove({ id: g.id, kind: 'guide', title: g.title })}
          />
        ))}
      </Section>
      <UndoToasts waiting={deletes.waiting} onUndo={deletes.undo} />
    </div>
  );
}
