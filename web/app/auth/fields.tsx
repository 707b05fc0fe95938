// The form parts that sign-in, sign-up, the forgotten password and its reset share: the form with its
// callout, the email field, the password fields (the one a person has, or a new one and its repeat, with
// names and autocomplete a password manager reads alike on every form), and sign-in's and sign-up's two
// buttons: the form's submit and 'Email me a magic link', both off while the email is empty or invalid.
import type { FormEvent, ReactNode } from 'react';
import { Button } from '~/ui/button';
import { TextField } from '~/ui/text-field';
import type { FieldBinding } from '~/ui/use-fields';
import { requestMagicLink } from './actions';
import { FormMessages, type FormMessage } from './parts';
import type { AuthCall } from './use-auth-call';
import { isValidEmail } from './validation';

export function AuthForm(props: {
  label: string;
  onSubmit: (event: FormEvent) => void;
  message: FormMessage | null;
  children: ReactNode;
}) {
  return (
    <form className="auth-form" noValidate onSubmit={props.onSubmit} aria-label={props.label}>
      <FormMessages message={props.message} />
      {props.children}
    </form>
  );
}

export function EmailField(props: FieldBinding) {
  return <TextField label="Email" type="email" name="email" autoComplete="email" {...props} />;
}

/** The password a person has, to sign in with. */
export function PasswordField(props: FieldBinding) {
  return <TextField label="Password" type="password" name="password" autoComplete="current-password" {...props} />;
}

export type NewPasswordKey = 'password' | 'repassword';

/** A new password (its rule as the hint) and its repeat: sign-up's second step, and a reset. */
export function NewPasswordFields(props: {
  /** The first field's label: 'Password' when signing up, 'New password' on a reset. */
  label: string;
  values: Record<NewPasswordKey, string>;
  errors: Record<NewPasswordKey, string | null>;
  onChange: (key: NewPasswordKey, value: string) => void;
}) {
  const { values, errors, onChange } = props;
  const field = (key: NewPasswordKey, label: string, hint?: string) => (
    <TextField
      label={label}
      type="password"
      name={key}
      autoComplete="new-password"
      value={values[key]}
      onChange={(value) => onChange(key, value)}
      error={errors[key]}
      hint={hint}
    />
  );
  return (
    <>
      {field('password', props.label, 'At least 6 characters.')}
      {field('repassword', 'Repeat password')}
    </>
  );
}

/**
 * The form's submit (`label`, with a spinner while `kind` is pending) and 'Email me a magic link' to `email`,
 * sent back to `returnUrl`: sign-in's and sign-up's pair of buttons.
 */
export function SubmitOrMagicLink<K extends string>(props: {
  label: string;
  kind: K;
  call: AuthCall<K | 'magicLink'>;
  email: string;
  returnUrl: string;
}) {
  const { call, email } = props;
  const emailOk = isValidEmail(email);
  return (
    <div className="auth-actions">
      <Button type="submit" fullWidth isDisabled={!emailOk} isPending={call.pending === props.kind}>
        {props.label}
      </Button>
      <Button
        variant="secondary"
        fullWidth
        isDisabled={!emailOk}
        isPending={call.pending === 'magicLink'}
        onPress={() => void call.run('magicLink', () => requestMagicLink(email, props.returnUrl))}
      >
        Email me a magic link
      </Button>
    </div>
  );
}
