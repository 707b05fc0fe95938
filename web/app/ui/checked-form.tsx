// A form checked in the browser before anything is sent (the checkout's guest and card forms): no native
// validation bubbles, and after a refused submit the first field in error takes the focus, once its message is
// on the page.
import { useRef, type ReactNode } from 'react';

export function CheckedForm(props: {
  label: string;
  className: string;
  /** Checks the values and sends them when they pass; answers whether they passed. */
  onSubmit: () => boolean;
  children: ReactNode;
}) {
  const ref = useRef<HTMLFormElement>(null);
  return (
    <form
      ref={ref}
      noValidate
      aria-label={props.label}
      className={props.className}
      onSubmit={(event) => {
        event.preventDefault();
        if (!props.onSubmit()) {
          setTimeout(() => ref.current?.querySelector<HTMLInputElement>('input[aria-invalid="true"]')?.focus());
        }
      }}
    >
      {props.children}
    </form>
  );
}
