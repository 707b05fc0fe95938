// Subscribe by email (double opt-in). The form posts to the club home's action, through a fetcher when the page
// runs (no navigation, the answer in place) and as a plain form POST before it does. Plain elements, not React
// Aria's: the club home's JavaScript budget is 150 KB and a label, an input and a button need nothing more.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useActionData, useFetcher } from 'react-router';
import { clubPath, type ClubProfile } from './club-data';
import { subscribeTexts } from './club-texts';
import { subscribeEmailError, type SubscribeAnswer } from './subscribe-rules';

/** The visitor's time zone, for mails at a decent hour of their day; known only once the page runs. */
function useTimeZone(): string {
  const [timeZone, setTimeZone] = useState('');
  useEffect(() => setTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone || ''), []);
  return timeZone;
}

/** The box's state: the address typed, the answer to the last submit, and what to say about them. */
function useSubscribeForm() {
  const fetcher = useFetcher<SubscribeAnswer>();
  // Before the page runs the form posts as a document: its answer is the route's action data.
  const posted = useActionData<SubscribeAnswer | undefined>();
  const answer = fetcher.data ?? posted;
  const input = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [tried, setTried] = useState(false);
  // A refusal is about the address as it was sent: typing again clears it.
  const [edited, setEdited] = useState(false);
  const pending = fetcher.state !== 'idle';
  const refusal = answer && !answer.ok && !edited ? answer : undefined;

  function submit(event: FormEvent<HTMLFormElement>) {
    if (pending) return event.preventDefault();
    setTried(true);
    setEdited(false);
    if (subscribeEmailError(email)) {
      event.preventDefault();
      input.current?.focus();
    }
  }

  return {
    fetcher,
    input,
    email,
    pending,
    done: answer?.ok ? answer.message : null,
    error: (tried ? subscribeEmailError(email) : null) ?? refusal?.fieldError ?? null,
    failure: refusal && !refusal.fieldError ? refusal.message : null,
    type: (value: string) => {
      setEmail(value);
      setEdited(true);
    },
    submit,
  };
}

export function SubscribeBox({ profile }: { profile: ClubProfile }) {
  const id = useId();
  const timeZone = useTimeZone();
  const form = useSubscribeForm();
  const { fetcher, error } = form;
  const title = <h2 id={`${id}-title`}>{subscribeTexts.title(profile.publicName)}</h2>;

  if (form.done)
    return (
      <section className="subscribe-box" aria-labelledby={`${id}-title`}>
        {title}
        <p className="subscribe-done" role="status">
          {form.done}
        </p>
      </section>
    );

  return (
    <section className="subscribe-box" aria-labelledby={`${id}-title`}>
      {title}
      <p>{subscribeTexts.pitch(profile.publicName)}</p>
      <fetcher.Form method="post" action={`${clubPath(profile.slug)}?index`} noValidate onSubmit={form.submit}>
        <input type="hidden" name="creatorId" value={profile.userId} />
        <input type="hidden" name="timeZone" value={timeZone} />
        <div className="subscribe-row">
          <div className="field">
            <label htmlFor={`${id}-email`}>{subscribeTexts.label}</label>
            <input
              ref={form.input}
              id={`${id}-email`}
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              value={form.email}
              onChange={(event) => form.type(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
          </div>
          <button type="submit" className="button" data-variant="primary" aria-disabled={form.pending || undefined}>
            {form.pending ? subscribeTexts.pending : subscribeTexts.button}
          </button>
        </div>
        {error ? (
          <p id={`${id}-error`} className="field-error" role="alert">
            {error}
          </p>
        ) : null}
        {form.failure ? (
          <p className="subscribe-failure" role="alert">
            {form.failure}
          </p>
        ) : null}
      </fetcher.Form>
    </section>
  );
}
