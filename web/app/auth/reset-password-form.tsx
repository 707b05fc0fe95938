// The new password of a password reset (`/resetPassword?mode=resetPassword&oobCode=…`): new password and
// repeat, validated on change (errors once a field is dirty), then the service's answer in a callout. A
// used or expired code answers invalid-action-code, whose text (spec section 8) shows in the Error callout.
import type { FormEvent } from 'react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '~/ui/button';
import { confirmPasswordReset } from './actions';
import { AuthForm, NewPasswordFields, type NewPasswordKey } from './fields';
import { useAuthCall } from './use-auth-call';
import { useFields } from './use-fields';
import { validateNewPassword, validateRepeat } from './validation';

export function ResetPasswordForm({ oobCode, signInHref }: { oobCode: string; signInHref: string }) {
  const form = useFields({ password: '', repassword: '' });
  const call = useAuthCall<'reset'>();
  const [changed, setChanged] = useState(false);
  const { values } = form;
  const { password, repassword } = values;
  const errors = { password: validateNewPassword(password), repassword: validateRepeat(repassword, password) };
  const shown = (key: NewPasswordKey) => form.onceDirty(key, errors[key]);

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
    <AuthForm label="Choose a new password" onSubmit={submit} message={call.message}>
      {changed ? (
        <Link className="button" data-variant="primary" to={signInHref}>
          Sign in
        </Link>
      ) : (
        <>
          <NewPasswordFields
            label="New password"
            values={values}
            errors={{ password: shown('password'), repassword: shown('repassword') }}
            onChange={form.set}
          />
          <Button type="submit" fullWidth isPending={call.pending === 'reset'}>
            Change password
          </Button>
        </>
      )}
    </AuthForm>
  );
}
