// Club settings' details: public name, club address (with its live check), currency and country, saved
// together with `PUT /userProfile` (only what changed). The rules' messages show once a field was changed or
// a save was tried; the service's refusals of an address show on the address field in its own words.
import { useQueryClient } from '@tanstack/react-query';
import type { Profile, UpdateProfileBody } from '@travelclub/contracts';
import { useState, type FormEvent, type ReactNode } from 'react';
import { codeOf, messageOf } from '~/lib/api-errors';
import { loadApi } from '~/lib/session';
import { Button } from '~/ui/button';
import { Callout } from '~/ui/callout';
import { TextField } from '~/ui/text-field';
import { validatePublicName, validateSlug } from './club-rules';
import { COUNTRIES } from './countries';
import { endpointKey, profileQuery } from '~/lib/queries';
import { isUnavailable, SlugField, useSlugCheck } from './slug-field';

export const SAVED = 'Your club settings are saved.';
export const NOTHING_TO_SAVE = 'Nothing has changed yet.';
const SLUG_REFUSALS = new Set(['slug-taken', 'slug-reserved', 'slug-limit-reached']);

type Values = Pick<Profile, 'publicName' | 'slug' | 'currency' | 'country'>;

function changesOf(values: Values, profile: Profile): UpdateProfileBody {
  const changes: UpdateProfileBody = {};
  if (values.publicName.trim() !== profile.publicName) changes.publicName = values.publicName.trim();
  if (values.slug !== profile.slug) changes.slug = values.slug;
  if (values.currency !== profile.currency) changes.currency = values.currency;
  if (values.country !== profile.country) changes.country = values.country;
  return changes;
}

async function saveProfile(body: UpdateProfileBody): Promise<Profile> {
  const api = await loadApi();
  return api.call(api.endpoints.creator.updateProfile, { body });
}

const currencyNames = new Intl.DisplayNames('en-US', { type: 'currency' });
const currencyLabel = (code: string) => `${code} · ${currencyNames.of(code) ?? code}`;

export function ClubDetailsForm(props: { profile: Profile; currencies: readonly string[]; origin: string }) {
  const { profile } = props;
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(profile);
  const [submitted, setSubmitted] = useState(false);
  const [slugRefusal, setSlugRefusal] = useState<string | null>(null);
  const [message, setMessage] = useState<{ tone: 'error' | 'success' | 'info'; text: string } | null>(null);
  const [pending, setPending] = useState(false);
  const check = useSlugCheck(values.slug, profile.slug);
  const set = (key: keyof Values, value: string) => {
    setValues((now) => ({ ...now, [key]: value }));
    setMessage(null);
    if (key === 'slug') setSlugRefusal(null);
  };
  const shows = (key: keyof Values) => submitted || values[key] !== profile[key];
  const nameError = shows('publicName') ? validatePublicName(values.publicName) : null;
  const slugError = slugRefusal ?? (shows('slug') ? validateSlug(values.slug) : null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (validatePublicName(values.publicName) || validateSlug(values.slug) || isUnavailable(check)) return;
    const changes = changesOf(values, profile);
    if (Object.keys(changes).length === 0) return setMessage({ tone: 'info', text: NOTHING_TO_SAVE });
    setPending(true);
    try {
      const saved = await saveProfile(changes);
      queryClient.setQueryData(profileQuery().queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: endpointKey('creator', 'clubView') });
      setValues(saved);
      setSubmitted(false);
      setMessage({ tone: 'success', text: SAVED });
    } catch (err) {
      if (SLUG_REFUSALS.has(codeOf(err) ?? '')) setSlugRefusal(messageOf(err));
      else setMessage({ tone: 'error', text: messageOf(err) });
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      className="dash-card stack"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby="details-title"
    >
      <h2 id="details-title">Your club</h2>
      <TextField
        label="Public name"
        name="publicName"
        autoComplete="nickname"
        value={values.publicName}
        onChange={(value) => set('publicName', value)}
        error={nameError}
        hint="Shown at the top of your club and on your recommendations."
      />
      <SlugField
        value={values.slug}
        onChange={(slug) => set('slug', slug)}
        check={check}
        error={slugError}
        origin={props.origin}
      />
      <RegionFields values={values} currencies={props.currencies} onChange={set} />
      {message ? <Callout tone={message.tone}>{message.text}</Callout> : null}
      <Button type="submit" isPending={pending}>
        Save changes
      </Button>
    </form>
  );
}

/** Currency and country: the prices the club shows, and where the creator is. */
function RegionFields(props: {
  values: Values;
  currencies: readonly string[];
  onChange: (key: 'currency' | 'country', value: string) => void;
}) {
  return (
    <div className="dash-two">
      <SelectField
        label="Currency"
        name="currency"
        value={props.values.currency}
        onChange={(value) => props.onChange('currency', value)}
      >
        {props.currencies.map((code) => (
          <option key={code} value={code}>
            {currencyLabel(code)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Country"
        name="country"
        value={props.values.country}
        onChange={(value) => props.onChange('country', value)}
      >
        {COUNTRIES.map(({ code, name }) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </SelectField>
    </div>
  );
}

/** A native select (the phone's own picker), labelled like the other fields. */
function SelectField(props: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const id = `club-${props.name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <select id={id} name={props.name} value={props.value} onChange={(event) => props.onChange(event.target.value)}>
        {props.children}
      </select>
    </div>
  );
}
