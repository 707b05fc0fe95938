// The sign-in form (spec section 2), for the page and the modal alike: email and password, 'Forgot
// password?', 'Sign In' and 'Email me a magic link' (both disabled while the email is empty or invalid),
// the provider buttons, the way to sign up and the terms notice. Errors show from a field's first change.
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import type { AccountView } from '@travelclub/contracts';
import { signIn } from './actions';
import { AuthForm, EmailField, PasswordField, SubmitOrMagicLink } from './fields';
import type { InAppPlatform } from './in-app-browser';
import { SIGN_UP_PROMPT } from './copy';
import { OrDivider, SwitchPrompt, TermsNotice } from './parts';
import { ProviderButtons } from './provider-buttons';
import { useAuthCall } from './use-auth-call';
import { useFields } from './use-fields';
import { validateEmail, validatePassword } from './validation';

export interface SignInFormProps {
  returnUrl: string;
  /** `?invite`: the person is to be a creator; the role is given after sign-in when missing. */
  asCreator?: boolean;
  inApp: InAppPlatform | null;
  pageUrl: string;
  /** A message to start with (a provider sign-in that failed comes back with one). */
  initialError?: string | null;
  /** Where "Don't have an account? Sign up" goes (the page), or how it switches (the modal); null: closed. */
  signUp: { to: string } | { onPress: () => void } | null;
  onSignedIn: (user: AccountView) => void;
}

export function SignInForm(props: SignInFormProps) {
  const { returnUrl, asCreator = false } = props;
  const form = useFields({ email: '', password: '' });
  const call = useAuthCall<'signIn' | 'magicLink'>(props.initialError);
  const { email, password } = form.values;

  function submit(event: FormEvent) {
    event.preventDefault();
    form.setSubmitted(true);
    if (validateEmail(email) || validatePassword(password)) return;
    void call.run('signIn', async () => props.onSignedIn(await signIn(email, password, asCreator)));
  }

  return (
    <AuthForm label="Sign in" onSubmit={submit} message={call.message}>
      <EmailField
        value={email}
        onChange={(value) => form.set('email', value)}
        error={form.onceChanged('email', validateEmail(email))}
      />
      <PasswordField
        value={password}
        onChange={(value) => form.set('password', value)}
        error={form.onceChanged('password', validatePassword(password))}
      />
      <Link className="auth-forgot" to="/forgotPassword">
        Forgot password?
      </Link>
      <SubmitOrMagicLink label="Sign In" kind="signIn" call={call} email={email} returnUrl={returnUrl} />
      <OrDivider />
      <ProviderButtons
        returnUrl={returnUrl}
        asCreator={asCreator}
        inApp={props.inApp}
        pageUrl={props.pageUrl}
        onError={call.fail}
      />
      {props.signUp ? <SwitchPrompt text={SIGN_UP_PROMPT} {...props.signUp} /> : null}
      <TermsNotice />
    </AuthForm>
  );
}
