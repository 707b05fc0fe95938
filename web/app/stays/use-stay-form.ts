// The state of a recommended stay's form: the draft, which rules to show (a limit as soon as it is passed, a
// missing value once the creator left the field or tried to save), the save with its progress, and the server's
// refusal. Leaving the page while photos go up cancels the upload.
import { useQueryClient } from '@tanstack/react-query';
import type { RecommendationView } from '@travelclub/contracts';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { myRecommendationsQuery } from '~/lib/queries';
import type { PickedHotel } from './hotel-picker';
import {
  formTooLarge,
  FORM_TOO_LARGE,
  HOTEL_REQUIRED,
  TEXT_TOO_LONG,
  textError,
  TITLE_REQUIRED,
  titleError,
} from './rules';
import { refusalOf, saveStay, type DraftField, type SaveRefusal, type StayDraft } from './save-stay';

/** Where the list of stays is, and what it is told about the save. */
export const MANAGE_STAYS = '/dashboard/manage-stays';
export interface SavedNote {
  saved: { title: string; created: boolean };
}

export type FieldErrors = Partial<Record<DraftField, string>>;

const EMPTY: StayDraft = { title: '', text: '', cover: [], tile: [], images: [] };

function errorsOf(draft: StayDraft, hotel: PickedHotel | null, shown: { submitted: boolean; titleLeft: boolean }) {
  const errors: FieldErrors = {};
  if (shown.submitted && !hotel) errors.hotel = HOTEL_REQUIRED;
  const title = titleError(draft.title);
  // Too long shows at once; empty only once it matters (left, or a save tried).
  if (title && (shown.submitted || shown.titleLeft || title !== TITLE_REQUIRED)) errors.title = title;
  if (textError(draft.text)) errors.text = TEXT_TOO_LONG;
  if (formTooLarge([...draft.cover, ...draft.tile, ...draft.images])) errors.images = FORM_TOO_LARGE;
  return errors;
}

/** What a new stay may start from (a draft of Taylor's): a hotel already picked, and words already written. */
export interface StayStart {
  hotel: PickedHotel;
  title?: string;
  text?: string;
}

export function useStayForm(options: {
  hotel: PickedHotel | null;
  initial?: RecommendationView;
  start?: StayStart;
  isNew: boolean;
  onSaved?: () => void;
}) {
  const [draft, setDraft] = useState<StayDraft>(() => ({
    ...EMPTY,
    title: options.initial?.recommendationTitle ?? options.start?.title ?? '',
    text: options.initial?.recommendationText ?? options.start?.text ?? '',
  }));
  const [submitted, setSubmitted] = useState(false);
  const [titleLeft, setTitleLeft] = useState(false);
  const [refusal, setRefusal] = useState<SaveRefusal | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useRef<AbortController | null>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => () => upload.current?.abort(), []);

  const ruleErrors = errorsOf(draft, options.hotel, { submitted, titleLeft });
  const errors: FieldErrors = { ...refusal?.fields, ...ruleErrors };
  const hasRuleErrors = (all: FieldErrors) => Object.keys(all).length > 0;

  function change<K extends keyof StayDraft>(key: K, value: StayDraft[K]) {
    setDraft((current) => ({ ...current, [key]: value }));
    // The server's word on a field holds until the creator changes it.
    if (refusal?.fields[key]) setRefusal({ ...refusal, fields: { ...refusal.fields, [key]: undefined } });
  }

  async function save(): Promise<boolean> {
    setSubmitted(true);
    if (hasRuleErrors(errorsOf(draft, options.hotel, { submitted: true, titleLeft: true }))) return false;
    setRefusal(null);
    setProgress(0);
    const controller = new AbortController();
    upload.current = controller;
    try {
      const saved = await saveStay(options.hotel!.id, draft, { onProgress: setProgress, signal: controller.signal });
      void queryClient.invalidateQueries({ queryKey: myRecommendationsQuery().queryKey });
      options.onSaved?.();
      const note: SavedNote = { saved: { title: saved.recommendationTitle, created: options.isNew } };
      void navigate(MANAGE_STAYS, { state: note });
      return true;
    } catch (err) {
      if (controller.signal.aborted) return false;
      setRefusal(refusalOf(err));
      setProgress(null);
      return false;
    }
  }

  return {
    draft,
    change,
    errors,
    refusal: refusal?.message ?? null,
    progress,
    saving: progress !== null,
    leaveTitle: () => setTitleLeft(true),
    save,
  };
}
