// The new password of a password reset (`/resetPassword?mode=resetPassword&oobCode=…`): new password and
// repeat, validated on change (errors once a field is dirty), then the service's answer in a callout. A
// used or expired code answers invalid-action-code, whose text (spec section 8) shows in the Error callout.
import type { FormEvent } from 'react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '~/ui/button';
import { useFields } from '~/ui/use-fields';
import { confirmPasswordReset } from './actions';
import { AuthForm, NewPasswordFields, type NewPasswordKey } from './fields';
import { useAuthCall } from './use-auth-call';
import { validateNewPassword, validateRepeat } from './validation';

const rules = ({ password, repassword }: Record<NewPasswordKey, string>) => ({
  password: validateNewPassword(password),
  repassword: validateRepeat(repassword, password),
});

export function ResetPasswordForm({ oobCode, signInHref }: { oobCode: string; signInHref: string }) {
  const form = useFields({ password: '', repassword: '' }, { rules, showErrors: 'onceDirty' });
  const call = useAuthCall<'reset'>();
  const [changed, setChanged] = useState(false);
  const { values, errorOf } = form;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.submit()) return;
    void call.run('reset', async () => {
      const message = await confirmPasswordReset(oobCode, values.password);
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
            errors={{ password: errorOf('password'), repassword: errorOf('repassword') }}
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
