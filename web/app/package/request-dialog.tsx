// "Ask for a package": a dialog (its own chunk, loaded when it opens) where a visitor tells the creator what
// they would like: their address for the answer, a message, the dates they have in mind and who is coming.
// It sends `POST /request-travel-package` about this package, then thanks them; refusals (the hourly limits
// above all) are said plainly, and the form keeps what was typed.
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { todayStayDate } from '~/checkout/format';
import { useSession } from '~/lib/session';
import { Button } from '~/ui/button';
import { Callout } from '~/ui/callout';
import { Counter } from '~/ui/counter';
import { Modal } from '~/ui/modal';
import { TextAreaField, TextField } from '~/ui/text-field';
import { useDraft } from '~/ui/use-draft';
import { sendPackageRequest } from './package-calls';
import {
  MAX_TRAVELLERS,
  MESSAGE_MAX,
  requestBody,
  requestErrors,
  requestRefusal,
  type RequestDraft,
  type RequestErrors,
} from './request-rules';

export interface RequestDialogProps {
  creator: { slug: string; publicName: string };
  packageId: string;
  packageTitle: string;
  onClose: () => void;
}

function Fields({ form, errors }: { form: ReturnType<typeof useDraft<RequestDraft>>; errors: RequestErrors }) {
  const { bind } = form;
  return (
    <>
      <TextField
        label="Your email"
        type="email"
        autoComplete="email"
        {...bind('email')}
        error={errors.email}
        hint="The creator answers you here."
      />
      <TextAreaField
        label="Your message"
        {...bind('message')}
        error={errors.message}
        hint={`Where would you like to go, what do you enjoy, what is your budget? Up to ${MESSAGE_MAX.toLocaleString('en-US')} characters.`}
        rows={5}
        areaClassName="request-message"
      />
      <fieldset className="request-group">
        <legend>Dates you have in mind (optional)</legend>
        <TextField label="From" type="date" {...bind('from')} error={errors.from} />
        <TextField label="To" type="date" {...bind('to')} error={errors.to} />
      </fieldset>
      <fieldset className="request-group">
        <legend>Who is coming</legend>
        <Counter label="Adults" {...bind('adults')} min={1} max={MAX_TRAVELLERS} />
        <Counter label="Children" {...bind('children')} min={0} max={MAX_TRAVELLERS} />
      </fieldset>
    </>
  );
}

function Thanks({ creatorName, email, onClose }: { creatorName: string; email: string; onClose: () => void }) {
  return (
    <div className="request-thanks">
      <Callout tone="success">
        Your request is on its way to {creatorName}. They will answer you at {email}.
      </Callout>
      <Button variant="secondary" onPress={onClose} autoFocus>
        Close
      </Button>
    </div>
  );
}

export default function RequestDialog({ creator, packageId, packageTitle, onClose }: RequestDialogProps) {
  const { user, isMember } = useSession();
  const sending = useMutation({ mutationFn: sendPackageRequest });
  const form = useDraft<RequestDraft>(
    { email: isMember ? (user?.email ?? '') : '', message: '', from: '', to: '', adults: 2, children: 0 },
    () => sending.reset(),
  );
  const { draft } = form;
  const [checked, setChecked] = useState(false);
  const refusal = sending.isError ? requestRefusal(sending.error) : null;
  const errors = { ...refusal?.fields, ...(checked ? requestErrors(draft, todayStayDate()) : {}) };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (sending.isPending) return;
    setChecked(true);
    if (Object.keys(requestErrors(draft, todayStayDate())).length) return;
    sending.mutate(requestBody(draft, { creatorSlug: creator.slug, packageId }));
  };
  const close = (open: boolean) => {
    if (!open) onClose();
  };

  const done = sending.isSuccess;
  return (
    <Modal isOpen onOpenChange={close} title={done ? 'Thank you!' : `Ask ${creator.publicName} for a package`}>
      {done ? (
        <Thanks creatorName={creator.publicName} email={draft.email.trim()} onClose={onClose} />
      ) : (
        <form className="request-form" onSubmit={submit} noValidate>
          <p className="muted">
            Tell {creator.publicName} about the trip you would like. Your request mentions {packageTitle}.
          </p>
          <Fields form={form} errors={errors} />
          {refusal ? <Callout tone="error">{refusal.message}</Callout> : null}
          <div className="request-actions">
            <Button variant="quiet" onPress={onClose}>
              Cancel
            </Button>
            <Button type="submit" isPending={sending.isPending}>
              {sending.isPending ? 'Sending…' : 'Send request'}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
