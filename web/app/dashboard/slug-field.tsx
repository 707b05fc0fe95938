// The club address field: typed lower-cased as the creator types, checked against the address rules at once
// and, once typing pauses (300 ms), asked of the creator service whether it is free and, if not, why (taken,
// reserved, invalid). The answer is announced politely under the field, or shown as the field's error in the
// words saving would use; a refusal from saving (taken, reserved, no addresses left) shows as its error.
import { useQuery } from '@tanstack/react-query';
import type { IsAvailableAnswer } from '@travelclub/contracts';
import { useEffect, useState } from 'react';
import { slugAvailableQuery } from '~/lib/queries';
import { TextField } from '~/ui/text-field';
import { clubMessages, typedSlug, validateSlug } from './club-rules';

export const SLUG_DEBOUNCE_MS = 300;

/** The error catalogue's texts of `slug-taken` and `slug-reserved`: the live check says what saving would. */
export const SLUG_TAKEN = 'This club address is already taken. Please choose another one.';
export const SLUG_RESERVED = 'This club address is reserved. Please choose another one.';
export const SLUG_OWN = 'This is your club’s address now.';
export const SLUG_CHECKING = 'Checking…';
export const SLUG_CHECK_FAILED = 'We could not check this address just now. You can still try to save it.';
export const slugAvailable = (slug: string) => `${slug} is available.`;

export type SlugCheck = 'idle' | 'own' | 'checking' | 'available' | 'taken' | 'reserved' | 'invalid' | 'failed';

/** The checks that say the address cannot be had: saving it would only be refused. */
export const isUnavailable = (check: SlugCheck) => check === 'taken' || check === 'reserved' || check === 'invalid';

/** The check an answer makes; a refusal without a reason (the contract makes it optional) reads as taken. */
const checkOf = (answer: IsAvailableAnswer): SlugCheck =>
  answer.isAvailable ? 'available' : (answer.reason ?? 'taken');

/** The field's error for an address the service says cannot be had. */
const UNAVAILABLE_TEXT: Partial<Record<SlugCheck, string>> = {
  taken: SLUG_TAKEN,
  reserved: SLUG_RESERVED,
  invalid: clubMessages.slugCharacters,
};

/** Whether `slug` is free, asked once typing has paused; nothing is asked for a malformed or unchanged one. */
export function useSlugCheck(slug: string, current: string): SlugCheck {
  const [settled, setSettled] = useState(slug);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(slug), SLUG_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [slug]);
  const valid = validateSlug(slug) === null;
  const query = useQuery({
    ...slugAvailableQuery(settled),
    select: checkOf,
    enabled: valid && settled === slug && slug !== current,
    staleTime: 10_000,
  });
  if (!valid) return 'idle';
  if (slug === current) return 'own';
  if (settled !== slug || query.isPending) return 'checking';
  if (query.isError) return 'failed';
  return query.data;
}

function checkText(check: SlugCheck, slug: string): string | null {
  switch (check) {
    case 'own':
      return SLUG_OWN;
    case 'checking':
      return SLUG_CHECKING;
    case 'available':
      return slugAvailable(slug);
    case 'failed':
      return SLUG_CHECK_FAILED;
    default:
      return null;
  }
}

export interface SlugFieldProps {
  value: string;
  onChange: (slug: string) => void;
  check: SlugCheck;
  /** A rule's message (shown once the field was changed or a save was tried), or a refusal from saving. */
  error: string | null;
  origin: string;
}

export function SlugField({ value, onChange, check, error, origin }: SlugFieldProps) {
  const shownError = error ?? UNAVAILABLE_TEXT[check] ?? null;
  const status = shownError ? null : checkText(check, value);
  return (
    <div className="dash-slug">
      <TextField
        label="Club address"
        name="slug"
        autoComplete="off"
        value={value}
        onChange={(text) => onChange(typedSlug(text))}
        error={shownError}
        hint={`${origin.replace(/^https?:\/\//, '')}/user/${value || '…'}`}
      />
      <p className="dash-slug-status" role="status" data-check={check}>
        {status}
      </p>
    </div>
  );
}
