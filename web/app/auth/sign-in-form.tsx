// The sign-in form (spec section 2), for the page and the modal alike: email and password, 'Forgot
// password?', 'Sign In' and 'Email me a magic link' (both disabled while the email is empty or invalid),
// the provider buttons, the way to sign up and the terms notice. Errors show from a field's first change.
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import type { AccountView } from '@travelclub/contracts';
import { useFields } from '~/ui/use-fields';
import { signIn } from './actions';
import { AuthForm, EmailField, PasswordField, SubmitOrMagicLink } from './fields';
import { SIGN_UP_PROMPT } from './copy';
import { OrDivider, SwitchPrompt, TermsNotice } from './parts';
import { ProviderButtons, type ProviderButtonsProps } from './provider-buttons';
import { useAuthCall } from './use-auth-call';
import { validateEmail, validatePassword } from './validation';

/** Where the form is (the return address, the in-app browser, this page's address) goes on to its provider buttons. */
export interface SignInFormProps extends Omit<ProviderButtonsProps, 'asCreator' | 'onError'> {
  /** `?invite`: the person is to be a creator; the role is given after sign-in when missing. */
  asCreator?: boolean;
  /** A message to start with (a provider sign-in that failed comes back with one). */
  initialError?: string | null;
  /** Where "Don't have an account? Sign up" goes (the page), or how it switches (the modal); null: closed. */
  signUp: { to: string } | { onPress: () => void } | null;
  onSignedIn: (user: AccountView) => void;
}

const rules = (values: { email: string; password: string }) => ({
  email: validateEmail(values.email),
  password: validatePassword(values.password),
});

export function SignInForm({ initialError, signUp, onSignedIn, ...where }: SignInFormProps) {
  const { returnUrl, asCreator = false } = where;
  const form = useFields({ email: '', password: '' }, { rules });
  const call = useAuthCall<'signIn' | 'magicLink'>(initialError);
  const { email, password } = form.values;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.submit()) return;
    void call.run('signIn', async () => onSignedIn(await signIn(email, password, asCreator)));
  }

  return (
    <AuthForm label="Sign in" onSubmit={submit} message={call.message}>
      <EmailField {...form.bind('email')} />
      <PasswordField {...form.bind('password')} />
      <Link className="auth-forgot" to="/forgotPassword">
        Forgot password?
      </Link>
      <SubmitOrMagicLink label="Sign In" kind="signIn" call={call} email={email} returnUrl={returnUrl} />
      <OrDivider />
      <ProviderButtons {...where} asCreator={asCreator} onError={call.fail} />
      {signUp ? <SwitchPrompt text={SIGN_UP_PROMPT} {...signUp} /> : null}
      <TermsNotice />
    </AuthForm>
  );
}
