// The package builder's state and its three actions: save as a draft, publish (save what changed, then switch
// it on) and unpublish. Rules are checked before anything is sent; a refusal lands on its field or its day. A
// package saved for the first time moves the page to its own address, carrying what the creator must see.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TravelPackage } from '@travelclub/contracts';
import { useCallback, useMemo, useRef, useState } from 'react';
import { bodyOf, fingerprint, type DayDraft, type PackageDraft } from './draft';
import { rememberPackage, savePackage, togglePackage } from './queries';
import { FIX_FIELDS, refusalOf, type DayRefusal } from './refusals';
import { checkDraft, type Errors } from './rules';
import { useFocusLater } from './use-focus-later';

export interface Notice {
  tone: 'error' | 'success';
  text: string;
}

/** What a first save hands to the package's own page: the notice, and the days' refusals by position. */
export interface Carried {
  notice?: Notice;
  dayRefusals?: Record<number, DayRefusal>;
}

type Busy = 'save' | 'publish' | 'unpublish' | null;

export const SAVED = 'Draft saved.';
export const SAVED_LIVE = 'Changes saved. They are live in your club.';
export const PUBLISHED = 'Your package is live in your club.';
export const UNPUBLISHED = 'Your package is a draft again: visitors no longer see it.';

interface EditorOptions {
  saved: TravelPackage | undefined;
  initial: PackageDraft;
  carried?: Carried | null;
  onCreated: (pkg: TravelPackage, carried: Carried) => void;
}

/** The first field (or day) with an error. */
const FIRST_ERROR = '.xp-editor :is([aria-invalid="true"], [data-error-focus])';

const keyed = (days: DayDraft[], byIndex: Record<number, DayRefusal>) =>
  Object.fromEntries(days.flatMap((day, i) => (byIndex[i] ? [[day.key, byIndex[i]]] : [])));

const byPosition = (days: DayDraft[], byKey: Record<string, DayRefusal>) =>
  Object.fromEntries(days.flatMap((day, i) => (byKey[day.key] ? [[i, byKey[day.key]!]] : [])));

function useEditorState(opts: EditorOptions) {
  const [draft, setDraft] = useState(opts.initial);
  const [baseline, setBaseline] = useState(() => fingerprint(opts.initial));
  const [attempt, setAttempt] = useState<'save' | 'publish' | null>(null);
  const [serverFields, setServerFields] = useState<Errors>({});
  const [dayRefusals, setDayRefusals] = useState(() => keyed(opts.initial.days, opts.carried?.dayRefusals ?? {}));
  const [notice, setNotice] = useState<Notice | null>(opts.carried?.notice ?? null);
  const [busy, setBusy] = useState<Busy>(null);
  const dirty = fingerprint(draft) !== baseline;
  // Read by the leave guard when a navigation starts, which may be before the next render.
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  // The focus goes to the first error once the render that shows it is on the page: a timer may fire before
  // React commits, on a slow device, and leave the focus on the button pressed.
  const focusLater = useFocusLater();
  const focusFirstError = useCallback(() => focusLater(FIRST_ERROR), [focusLater]);

  const errors = useMemo(
    () => ({ ...serverFields, ...(attempt ? checkDraft(draft, { publishing: attempt === 'publish' }) : {}) }),
    [attempt, draft, serverFields],
  );
  const update = useCallback((change: (draft: PackageDraft) => PackageDraft) => {
    setDraft(change);
    setServerFields({});
  }, []);
  /** A day's stay changed: the catalog's refusal of the old one no longer holds. */
  const clearDayRefusal = useCallback((key: string) => {
    setDayRefusals(({ [key]: _gone, ...rest }) => rest);
  }, []);

  return {
    draft,
    update,
    errors,
    dayRefusals,
    clearDayRefusal,
    notice,
    busy,
    dirty,
    dirtyRef,
    focusFirstError,
    set: { setBaseline, setAttempt, setServerFields, setDayRefusals, setNotice, setBusy },
  };
}

type EditorState = ReturnType<typeof useEditorState>;
interface Context extends EditorOptions {
  client: QueryClient;
}

function refused(s: EditorState, err: unknown, days: DayDraft[]) {
  const refusal = refusalOf(err, days);
  s.set.setServerFields(refusal.fields);
  s.set.setDayRefusals(refusal.days);
  s.set.setNotice({ tone: 'error', text: refusal.message });
  s.focusFirstError();
  return refusal;
}

/** Checks and saves the draft when it changed: the package as saved, or null when refused. */
async function persist(s: EditorState, ctx: Context, publishing: boolean): Promise<TravelPackage | null> {
  s.set.setAttempt(publishing ? 'publish' : 'save');
  if (Object.keys(checkDraft(s.draft, { publishing })).length) {
    s.set.setNotice({ tone: 'error', text: FIX_FIELDS });
    s.focusFirstError();
    return null;
  }
  if (ctx.saved && !s.dirty) return ctx.saved;
  const sent = s.draft;
  try {
    const answer = await savePackage(bodyOf(sent, ctx.saved?.id));
    rememberPackage(ctx.client, answer);
    s.set.setBaseline(fingerprint(sent));
    s.dirtyRef.current = false;
    s.set.setDayRefusals({});
    return answer;
  } catch (err) {
    refused(s, err, sent.days);
    return null;
  }
}

async function run(s: EditorState, kind: Busy, task: () => Promise<void>) {
  if (s.busy) return;
  s.set.setBusy(kind);
  s.set.setNotice(null);
  try {
    await task();
  } finally {
    s.set.setBusy(null);
  }
}

/** Tells the creator it went well: here, or on the package's own page when it was just made. */
function done(s: EditorState, ctx: Context, answer: TravelPackage, notice: Notice) {
  if (ctx.saved) s.set.setNotice(notice);
  else ctx.onCreated(answer, { notice });
}

const save = (s: EditorState, ctx: Context) =>
  run(s, 'save', async () => {
    const answer = await persist(s, ctx, ctx.saved?.status === 'active');
    if (answer) done(s, ctx, answer, { tone: 'success', text: answer.status === 'active' ? SAVED_LIVE : SAVED });
  });

const publish = (s: EditorState, ctx: Context) =>
  run(s, 'publish', async () => {
    const answer = await persist(s, ctx, true);
    if (!answer) return;
    try {
      rememberPackage(ctx.client, await togglePackage(answer.id, true));
      done(s, ctx, answer, { tone: 'success', text: PUBLISHED });
    } catch (err) {
      const refusal = refused(s, err, s.draft.days);
      const notice: Notice = { tone: 'error', text: refusal.message };
      if (!ctx.saved) ctx.onCreated(answer, { notice, dayRefusals: byPosition(s.draft.days, refusal.days) });
    }
  });

const unpublish = (s: EditorState, ctx: Context) =>
  run(s, 'unpublish', async () => {
    if (!ctx.saved) return;
    try {
      rememberPackage(ctx.client, await togglePackage(ctx.saved.id, false));
      s.set.setNotice({ tone: 'success', text: UNPUBLISHED });
    } catch (err) {
      refused(s, err, s.draft.days);
    }
  });

export function usePackageEditor(opts: EditorOptions) {
  const client = useQueryClient();
  const s = useEditorState(opts);
  const ctx: Context = { ...opts, client };
  const { set: _set, ...state } = s;
  return {
    ...state,
    isActive: opts.saved?.status === 'active',
    save: () => save(s, ctx),
    publish: () => publish(s, ctx),
    unpublish: () => unpublish(s, ctx),
  };
}

export type PackageEditor = ReturnType<typeof usePackageEditor>;
