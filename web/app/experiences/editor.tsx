// The package builder ("experience"): about, days, departure dates, price and photos in one form, with the
// save bar stuck to the bottom of the screen. A new package starts in the creator's own currency; once saved
// it moves to its own address (/dashboard/experiences/{id}), where photos can be added.
import type { TravelPackage } from '@travelclub/contracts';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { isNotFound } from '~/lib/api-errors';
import { useCreatorProfile } from '~/dashboard/queries';
import { LoadError, Loading } from '~/dashboard/status';
import { BasicsSection, PriceSection } from './basics-section';
import { DatesSection } from './dates-section';
import { DaysSection } from './days-section';
import { draftOf, newDraft } from './draft';
import { LeaveGuard } from './leave-guard';
import { PhotosSection } from './photos-section';
import { usePackage } from './queries';
import { SaveBar } from './save-bar';
import { usePackageEditor, type Carried } from './use-editor';

const MANAGE = '/dashboard/manage-itineraries';
const editPath = (id: string) => `/dashboard/experiences/${id}`;

interface EditorProps {
  saved?: TravelPackage;
  currencies: readonly string[];
  defaultCurrency?: string;
  carried?: Carried | null;
}

export function ExperienceEditor({ saved, currencies, defaultCurrency, carried }: EditorProps) {
  const navigate = useNavigate();
  const profile = useCreatorProfile();
  const [initial] = useState(() => (saved ? draftOf(saved) : newDraft(defaultCurrency)));
  const editor = usePackageEditor({
    saved,
    initial,
    carried,
    onCreated: (pkg, next) => void navigate(editPath(pkg.id), { replace: true, state: next }),
  });
  const slug = profile.data?.slug;
  return (
    <form
      className="xp-editor"
      noValidate
      aria-labelledby="xp-title"
      onSubmit={(event) => {
        event.preventDefault();
        void editor.save();
      }}
    >
      <p className="xp-back">
        <Link to={MANAGE}>Your itineraries</Link>
      </p>
      <h1 id="xp-title">{saved ? `Edit “${saved.title}”` : 'New package'}</h1>
      <p className="muted">
        A trip your followers book in one go: the days, where they sleep each night, when they can start and what it
        costs. Save it as a draft as often as you like; publish it when it is ready.
      </p>
      <BasicsSection editor={editor} />
      <DaysSection editor={editor} />
      <DatesSection editor={editor} />
      <PriceSection editor={editor} currencies={currencies} />
      <PhotosSection pkg={saved} />
      <SaveBar
        editor={editor}
        isNew={!saved}
        publicPath={saved && slug ? `/user/${slug}/packages/${saved.id}` : null}
      />
      <LeaveGuard dirty={editor.dirtyRef} />
    </form>
  );
}

/** The creator's currency when the catalog quotes in it, else the first one offered. */
const pickCurrency = (currency: string | undefined, currencies: readonly string[]) =>
  currency && currencies.includes(currency) ? currency : (currencies[0] ?? 'USD');

export function NewPackagePage({ currencies }: { currencies: readonly string[] }) {
  const profile = useCreatorProfile();
  if (profile.isPending && !profile.isError)
    return (
      <div className="stack">
        <h1>New package</h1>
        <Loading text="Getting the builder ready…" />
      </div>
    );
  return (
    <ExperienceEditor currencies={currencies} defaultCurrency={pickCurrency(profile.data?.currency, currencies)} />
  );
}

export const PACKAGE_NOT_FOUND = 'Package not found';

export function EditPackagePage({ currencies }: { currencies: readonly string[] }) {
  const { id } = useParams();
  const location = useLocation();
  const pkg = usePackage(id);
  if (pkg.isError && isNotFound(pkg.error))
    return (
      <div className="stack">
        <h1>{PACKAGE_NOT_FOUND}</h1>
        <p>It may have been deleted. Your packages are listed under Your itineraries.</p>
        <Link to={MANAGE}>Your itineraries</Link>
      </div>
    );
  if (!pkg.data)
    return (
      <div className="stack">
        <h1>Edit package</h1>
        {pkg.isError ? (
          <LoadError error={pkg.error} retry={() => void pkg.refetch()} />
        ) : (
          <Loading text="Loading your package…" />
        )}
      </div>
    );
  return (
    <ExperienceEditor key={id} saved={pkg.data} currencies={currencies} carried={location.state as Carried | null} />
  );
}
