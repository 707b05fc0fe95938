// The verification request's two optional fields and their rules (the creator service's limits): up to five
// http or https addresses, one per line, and a note of at most 1,000 characters.
import { TextAreaField } from '~/ui/text-field';

export interface VerificationForm {
  links: string;
  note: string;
}

export const LINK_RULE = 'Use an http or https address';
export const TOO_MANY_LINKS = 'Add at most 5 addresses';
export const NOTE_TOO_LONG = 'Keep the note under 1,000 characters';

function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export function verificationErrors(form: VerificationForm): { links: string | null; note: string | null } {
  const links = form.links
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  let linksError: string | null = null;
  if (links.length > 5) linksError = TOO_MANY_LINKS;
  else if (links.some((link) => !isWebAddress(link) || link.length > 500)) linksError = LINK_RULE;
  return { links: linksError, note: form.note.trim().length > 1000 ? NOTE_TOO_LONG : null };
}

export function VerificationFields(props: {
  form: VerificationForm;
  errors: { links: string | null; note: string | null };
  onChange: (form: VerificationForm) => void;
}) {
  const { form, errors, onChange } = props;
  return (
    <>
      <TextAreaField
        label="Where are you known? (optional)"
        hint="Your channels or press, one address per line, up to 5."
        name="links"
        value={form.links}
        onChange={(links) => onChange({ ...form, links })}
        error={errors.links}
      />
      <TextAreaField
        label="A note for our team (optional)"
        name="note"
        value={form.note}
        onChange={(note) => onChange({ ...form, note })}
        error={errors.note}
      />
    </>
  );
}
