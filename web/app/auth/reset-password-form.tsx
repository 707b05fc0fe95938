// The new password of a password reset (`/resetPassword?mode=resetPassword&oobCode=…`): new password and
// repeat, validated on change (errors once a field is dirty), then the service's answer in a callout. A
// used or expired code answers invalid-action-code, whose text (spec section 8) shows in the Error callout.
import type { FormEvent } from 'react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '~/ui/button';
import { TextField } from '~/ui/text-field';
import { confirmPasswordReset } from './actions';
import { FormMessages } from './parts';
import { useAuthCall } from './use-auth-call';
import { useFields } from './use-fields';
import { validateNewPassword, validateRepeat } from './validation';

export function ResetPasswordForm({ oobCode, signInHref }: { oobCode: string; signInHref: string }) {
  const form = useFields({ password: '', repassword: '' });
  const call = useAuthCall<'reset'>();
  const [changed, setChanged] = useState(false);
  const { password, repassword } = form.values;
  const errors = { password: validateNewPassword(password), repassword: validateRepeat(repassword, password) };
  const shown = (key: 'password' | 'repassword') => (form.dirty(key) || form.submitted ? errors[key] : null);

  function submit(event: FormEvent) {
    event.preventDefault();
    form.setSubmitted(true);
    if (errors.password || errors.repassword) return;
    void call.run('reset', async () => {
      const message = await confirmPasswordReset(oobCode, password);
      setChanged(true);
      return message;
    });
  }

  return (
    <form className="auth-form" noValidate onSubmit={submit} aria-label="Choose a new password">
      <FormMessages message={call.message} />
      {changed ? (
        <Link className="button" data-variant="primary" to={signInHref}>
          Sign in
        </Link>
      ) : (
        <>
          <TextField
            label="New password"
            type="password"
            name="password"
            autoComplete="new-password"
            value={password}
            onChange={(value) => form.set('password', value)}
            error={shown('password')}
            hint="At least 6 characters."
          />
          <TextField
            label="Repeat password"
            type="password"
            name="repassword"
            autoComplete="new-password"
            value={repassword}
            onChange={(value) => form.set('repassword', value)}
            error={shown('repassword')}
          />
          <Button type="submit" fullWidth isPending={call.pending === 'reset'}>
            Change password
          </Button>
        </>
      )}
    </form>
  );
}
