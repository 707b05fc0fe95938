// Settings' verification: a verified club shows a badge, so followers know it is really the creator. The
// creator's own profile says where their latest request stands (pending, refused with the staff's reason,
// approved), so the page shows it after a reload too; a new request's answer is put on the cached profile.
import { useQueryClient } from '@tanstack/react-query';
import type { Profile, ProfileVerification, VerificationRequest } from '@travelclub/contracts';
import { useState, type FormEvent } from 'react';
import { codeOf, messageOf } from '~/lib/api-errors';
import { loadApi } from '~/lib/session';
import { Button } from '~/ui/button';
import { Callout } from '~/ui/callout';
import { formatDay } from './plan-copy';
import { profileQuery } from '~/lib/queries';
import { VerificationFields, verificationErrors, type VerificationForm } from './verification-fields';

export const VERIFIED = 'Your club is verified. Its page shows the verified badge.';
export const VERIFY_PITCH =
  'Verified clubs show a badge next to your name, so your followers know it is really you. Tell our team where you are known and we will check.';

type State =
  { kind: 'verified' } | { kind: 'pending'; since: string } | { kind: 'refused'; reason?: string } | { kind: 'none' };

export function verificationState(profile: Pick<Profile, 'verified' | 'verification'>): State {
  const latest = profile.verification;
  if (profile.verified || latest?.status === 'approved') return { kind: 'verified' };
  if (latest?.status === 'pending') return { kind: 'pending', since: latest.requestedAt };
  if (latest?.status === 'refused') return { kind: 'refused', ...(latest.reason ? { reason: latest.reason } : {}) };
  return { kind: 'none' };
}

/** The staff's reason as written, with a full stop when they left it out, so the next sentence reads well. */
const asSentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/** A request's answer as the profile shows the latest request. */
function asLatest(request: VerificationRequest): ProfileVerification {
  return {
    status: request.status,
    ...(request.reason ? { reason: request.reason } : {}),
    requestedAt: request.createdAt,
    ...(request.decidedAt ? { decidedAt: request.decidedAt } : {}),
  };
}

async function requestVerification(form: VerificationForm): Promise<VerificationRequest> {
  const api = await loadApi();
  const links = form.links
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const note = form.note.trim();
  const body = { ...(links.length ? { links } : {}), ...(note ? { note } : {}) };
  return api.call(api.endpoints.creator.requestVerification, { body });
}

export function VerificationSection({ profile }: { profile: Profile }) {
  const queryClient = useQueryClient();
  const state = verificationState(profile);
  return (
    <section id="verification" className="dash-card stack" aria-labelledby="verification-title">
      <h2 id="verification-title">Verification</h2>
      {state.kind === 'verified' ? <Callout tone="success">{VERIFIED}</Callout> : null}
      {state.kind === 'pending' ? (
        <p className="dash-badge-line">
          <span className="dash-pill">Pending</span> Your request of {formatDay(state.since)} is waiting for our team’s
          review.
        </p>
      ) : null}
      {state.kind === 'refused' ? (
        <p className="dash-warning">
          Your last request was refused{state.reason ? `: ${asSentence(state.reason)}` : '.'} You can ask again.
        </p>
      ) : null}
      {state.kind === 'none' || state.kind === 'refused' ? (
        <RequestForm
          onAnswer={(answer) =>
            queryClient.setQueryData(profileQuery().queryKey, (cached) =>
              cached ? { ...cached, verification: asLatest(answer) } : cached,
            )
          }
          onAlreadyVerified={() => void queryClient.invalidateQueries({ queryKey: profileQuery().queryKey })}
        />
      ) : null}
    </section>
  );
}

function RequestForm(props: { onAnswer: (answer: VerificationRequest) => void; onAlreadyVerified: () => void }) {
  const [form, setForm] = useState<VerificationForm>({ links: '', note: '' });
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errors = verificationErrors(form);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (errors.links || errors.note) return;
    setPending(true);
    setError(null);
    try {
      props.onAnswer(await requestVerification(form));
    } catch (err) {
      if (codeOf(err) === 'already-verified') props.onAlreadyVerified();
      setError(messageOf(err));
    } finally {
      setPending(false);
    }
  }

  return (
    <form className="stack" noValidate onSubmit={(event) => void submit(event)} aria-label="Request verification">
      <p>{VERIFY_PITCH}</p>
      <VerificationFields form={form} errors={errors} onChange={setForm} />
      {error ? <Callout tone="error">{error}</Callout> : null}
      <Button type="submit" isPending={pending}>
        Request verification
      </Button>
    </form>
  );
}
