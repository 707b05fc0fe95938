// The sign-up form's second step: name, password and repeat password, revealed once a valid email is there
// (spec section 4) over 500 ms (spec section 9, the CSS variable --reveal-duration in auth.css).
import type { CSSProperties } from 'react';
import { TextField } from '~/ui/text-field';
import { NewPasswordFields } from './fields';

/** The reveal transition's length (spec section 9). */
export const REVEAL_MS = 500;

export type SecondStepKey = 'publicName' | 'password' | 'repassword';

export interface SignUpFieldsProps {
  values: Record<SecondStepKey, string>;
  /** The error each field shows now (null: none, or not dirty yet). */
  errors: Record<SecondStepKey, string | null>;
  onChange: (key: SecondStepKey, value: string) => void;
  /** Focus the first field: the visitor has just pressed 'Continue'. */
  autoFocus: boolean;
}

export function SignUpFields({ values, errors, onChange, autoFocus }: SignUpFieldsProps) {
  const style = { '--reveal-duration': `${REVEAL_MS}ms` } as CSSProperties;
  return (
    <div className="auth-reveal" data-testid="sign-up-second-step" style={style}>
      <TextField
        label="Your name"
        name="publicName"
        autoComplete="name"
        autoFocus={autoFocus}
        value={values.publicName}
        onChange={(value) => onChange('publicName', value)}
        error={errors.publicName}
        hint="The name we greet you by."
      />
      <NewPasswordFields label="Password" values={values} errors={errors} onChange={onChange} />
    </div>
  );
}
