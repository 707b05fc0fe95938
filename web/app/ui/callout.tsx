// The red 'Error' and green 'Success' callouts of the forms (spec section 8), announced to screen readers.
import type { ReactNode } from 'react';

const TITLES = { error: 'Error', success: 'Success', info: 'Note' } as const;

export function Callout({ tone, children }: { tone: keyof typeof TITLES; children: ReactNode }) {
  return (
    <div className="callout" data-tone={tone} role={tone === 'error' ? 'alert' : 'status'}>
      <strong>{TITLES[tone]}</strong>
      <span>{children}</span>
    </div>
  );
}
