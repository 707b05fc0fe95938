// /forgotPassword (spec section 2): the email for a password reset. The answer never tells whether the
// address has an account, so the green Success callout says so in neutral words.
import type { FormEvent } from 'react';
import { requestPasswordReset } from '~/auth/actions';
import { RESET_LINK_SENT } from '~/auth/copy';
import { AuthForm, EmailField } from '~/auth/fields';
import { AuthCard, SwitchPrompt } from '~/auth/parts';
import { useAuthCall } from '~/auth/use-auth-call';
import { isValidEmail, validateEmail } from '~/auth/validation';
import { PRODUCT } from '~/lib/brand';
import { Button } from '~/ui/button';
import { useFields } from '~/ui/use-fields';
import type { Route } from './+types/forgot-password';

export const meta: Route.MetaFunction = () => [{ title: `Forgot your password? · ${PRODUCT}` }];

export function loader({ request }: Route.LoaderArgs) {
  // An address typed on the sign-in page may come along.
  return { email: new URL(request.url).searchParams.get('email') ?? '' };
}

export default function ForgotPasswordPage({ loaderData }: Route.ComponentProps) {
  const form = useFields({ email: loaderData.email }, { rules: ({ email }) => ({ email: validateEmail(email) }) });
  const call = useAuthCall<'send'>();
  const { email } = form.values;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.submit()) return;
    void call.run('send', async () => {
      await requestPasswordReset(email);
      return RESET_LINK_SENT;
    });
  }

  return (
    <AuthCard
      title="Forgot your password?"
      lead="Enter your email address and we will send you a link to choose a new one."
    >
      <AuthForm label="Reset your password" onSubmit={submit} message={call.message}>
        <EmailField {...form.bind('email')} />
        <Button type="submit" fullWidth isDisabled={!isValidEmail(email)} isPending={call.pending === 'send'}>
          Email me a reset link
        </Button>
        <SwitchPrompt text="Remembered it? Sign in" to="/signIn" />
      </AuthForm>
    </AuthCard>
  );
}
