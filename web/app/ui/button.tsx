// Buttons and links that look like buttons: React Aria's Button (press, keyboard, pending state) and the
// router's Link, in three variants.
import type { ReactNode } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { Link, type LinkProps } from 'react-router';

type Variant = 'primary' | 'secondary' | 'quiet';

export interface ButtonProps extends AriaButtonProps {
  variant?: Variant;
  fullWidth?: boolean;
  children: ReactNode;
}

/**
 * While pending the button stays focusable (a keyboard user keeps their place) but does nothing: presses are
 * dropped and a submit button stops submitting. React Aria's own pending state is not used: its progress
 * announcement outlives the button when the page moves on, and points at an element that is gone.
 */
export function Button({ variant = 'primary', fullWidth, className, children, isPending, ...rest }: ButtonProps) {
  return (
    <AriaButton
      {...rest}
      type={isPending && rest.type === 'submit' ? 'button' : rest.type}
      onPress={isPending ? undefined : rest.onPress}
      aria-disabled={isPending || undefined}
      aria-busy={isPending || undefined}
      data-pending={isPending || undefined}
      className={['button', className].filter(Boolean).join(' ')}
      data-variant={variant}
      data-full-width={fullWidth || undefined}
    >
      {isPending ? <span className="spinner" aria-hidden="true" /> : null}
      {children}
    </AriaButton>
  );
}

export function LinkButton({ variant = 'primary', className, ...rest }: LinkProps & { variant?: Variant }) {
  return <Link {...rest} className={['button', className].filter(Boolean).join(' ')} data-variant={variant} />;
}
