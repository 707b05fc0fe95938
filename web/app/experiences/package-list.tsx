// The creator's travel packages on the manage page, in their club's order: each row switches live or off (the
// catalog may refuse to publish, and says which day), moves up or down (the whole order is saved at once),
// opens in the builder, or is deleted with undo.
import { useQueryClient } from '@tanstack/react-query';
import type { TravelPackage } from '@travelclub/contracts';
import { useState } from 'react';
import { Switch } from 'react-aria-components';
import { Link } from 'react-router';
import { messageOf } from '~/lib/api-errors';
import { myPackagesQuery, packageQuery } from '~/lib/queries';
import { priceLine, tripLength } from '~/package/package-facts';
import { loadApi } from '~/lib/session';
import { Button, LinkButton } from '~/ui/button';
import { Callout } from '~/ui/callout';
import { togglePackage } from './queries';
import { useFocusLater } from './use-focus-later';

const editPath = (id: string) => `/dashboard/experiences/${id}`;

/** The catalog's refusal to publish, with the day it names. */
function toggleRefusal(err: unknown): string {
  const details = (err as { details?: { path?: unknown }[] } | null)?.details ?? [];
  const day = details.map((d) => (typeof d.path === 'string' ? /^days\.(\d+)/.exec(d.path) : null)).find(Boolean);
  return day ? `${messageOf(err)} (day ${Number(day[1]) + 1}).` : messageOf(err);
}

/** The list with one package swapped with its visible neighbour; hidden rows (being deleted) keep their places. */
function swapped(all: TravelPackage[], visible: TravelPackage[], id: string, step: -1 | 1) {
  const at = visible.findIndex((p) => p.id === id);
  const neighbour = visible[at + step];
  if (!neighbour) return null;
  const a = all.findIndex((p) => p.id === id);
  const b = all.findIndex((p) => p.id === neighbour.id);
  const next = [...all];
  [next[a], next[b]] = [next[b]!, next[a]!];
  return next;
}

export const ORDER_FAILED = 'The new order could not be saved.';

function usePackageOrder(all: TravelPackage[]) {
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const focusLater = useFocusLater();

  async function move(visible: TravelPackage[], pkg: TravelPackage, step: -1 | 1) {
    const next = swapped(all, visible, pkg.id, step);
    if (!next) return;
    const place = visible.findIndex((p) => p.id === pkg.id) + step;
    const atEnd = place === 0 || place === visible.length - 1;
    const direction = step < 0 ? 'up' : 'down';
    client.setQueryData(myPackagesQuery().queryKey, next);
    setError(null);
    setAnnouncement(`“${pkg.title}” moved to place ${place + 1} of ${visible.length}.`);
    focusLater(`[data-row="${pkg.id}"] [data-action="${atEnd ? (step < 0 ? 'down' : 'up') : direction}"]`);
    try {
      const api = await loadApi();
      await api.call(api.endpoints.creator.orderPackages, { body: { ids: next.map((p) => p.id) } });
    } catch (err) {
      setError(`${ORDER_FAILED} ${messageOf(err)}`);
      void client.invalidateQueries({ queryKey: myPackagesQuery().queryKey });
    }
  }
  return { move, error, announcement };
}

function usePackageToggle() {
  const client = useQueryClient();
  const [pending, setPending] = useState<string | null>(null);
  const [refusals, setRefusals] = useState<Record<string, string>>({});

  async function toggle(pkg: TravelPackage, on: boolean) {
    setPending(pkg.id);
    setRefusals(({ [pkg.id]: _old, ...rest }) => rest);
    try {
      const answer = await togglePackage(pkg.id, on);
      client.setQueryData(myPackagesQuery().queryKey, (all) => all?.map((p) => (p.id === pkg.id ? answer : p)));
      client.setQueryData(packageQuery(pkg.id).queryKey, answer);
    } catch (err) {
      setRefusals((all) => ({ ...all, [pkg.id]: toggleRefusal(err) }));
    } finally {
      setPending(null);
    }
  }
  return { toggle, pending, refusals };
}

interface RowProps {
  pkg: TravelPackage;
  place: number;
  count: number;
  pending: boolean;
  /** The catalog's refusal to publish it. */
  refusal?: string;
  /** Its DELETE was refused: the row came back. */
  deleteError?: string;
  onToggle: (on: boolean) => void;
  onMove: (step: -1 | 1) => void;
  onDelete: () => void;
}

function PackageRow({ pkg, place, count, pending, refusal, deleteError, onToggle, onMove, onDelete }: RowProps) {
  const price = priceLine(pkg.pricing);
  const live = pkg.status === 'active';
  return (
    <li className="xp-row card" data-row={pkg.id}>
      <div className="xp-row-main">
        <h3>
          <Link to={editPath(pkg.id)}>{pkg.title}</Link>
        </h3>
        <p className="muted">
          <span className="xp-badge" data-live={live || undefined}>
            {live ? 'Live' : 'Draft'}
          </span>{' '}
          {tripLength(pkg)} · {[price.lead, price.amount, price.unit].filter(Boolean).join(' ')}
        </p>
      </div>
      <div className="xp-row-tools">
        <Switch className="xp-switch" isSelected={live} isDisabled={pending} onChange={onToggle}>
          <span className="xp-switch-track" aria-hidden="true" />
          Live<span className="visually-hidden">: {pkg.title}</span>
        </Switch>
        <Button
          variant="secondary"
          data-action="up"
          aria-label={`Move “${pkg.title}” up`}
          isDisabled={place === 0}
          onPress={() => onMove(-1)}
        >
          <span aria-hidden="true">↑</span>
        </Button>
        <Button
          variant="secondary"
          data-action="down"
          aria-label={`Move “${pkg.title}” down`}
          isDisabled={place === count - 1}
          onPress={() => onMove(1)}
        >
          <span aria-hidden="true">↓</span>
        </Button>
        <LinkButton variant="secondary" to={editPath(pkg.id)} aria-label={`Edit “${pkg.title}”`}>
          Edit
        </LinkButton>
        <Button variant="quiet" data-action="delete" aria-label={`Delete “${pkg.title}”`} onPress={onDelete}>
          Delete
        </Button>
      </div>
      {refusal ? (
        <p className="field-error xp-row-problem" role="alert">
          {refusal} <Link to={editPath(pkg.id)}>Fix it in the builder</Link>
        </p>
      ) : null}
      {deleteError ? (
        <p className="field-error xp-row-problem" role="alert">
          {deleteError}
        </p>
      ) : null}
    </li>
  );
}

export function PackageList(props: {
  packages: TravelPackage[];
  isGone: (id: string) => boolean;
  failed: Record<string, string>;
  onDelete: (pkg: TravelPackage) => void;
}) {
  const order = usePackageOrder(props.packages);
  const { toggle, pending, refusals } = usePackageToggle();
  const visible = props.packages.filter((p) => !props.isGone(p.id));
  return (
    <>
      {order.error ? <Callout tone="error">{order.error}</Callout> : null}
      {visible.length === 0 ? (
        <p>No packages yet. A package is a trip your followers book in one go: its days, its hotels and its dates.</p>
      ) : (
        <ol className="xp-rows">
          {visible.map((pkg, i) => (
            <PackageRow
              key={pkg.id}
              pkg={pkg}
              place={i}
              count={visible.length}
              pending={pending === pkg.id}
              refusal={refusals[pkg.id]}
              deleteError={props.failed[pkg.id]}
              onToggle={(on) => void toggle(pkg, on)}
              onMove={(step) => void order.move(visible, pkg, step)}
              onDelete={() => props.onDelete(pkg)}
            />
          ))}
        </ol>
      )}
      <p className="visually-hidden" aria-live="polite">
        {order.announcement}
      </p>
    </>
  );
}
