// The checkout's three steps (Guest details → Payment → Confirmation), the current one marked for screen
// readers with aria-current="step" and the earlier ones said to be done.
export type CheckoutStep = 'contact' | 'payment' | 'confirmation';

const STEPS: { step: CheckoutStep; label: string }[] = [
  { step: 'contact', label: 'Guest details' },
  { step: 'payment', label: 'Payment' },
  { step: 'confirmation', label: 'Confirmation' },
];

export function Stepper({ current }: { current: CheckoutStep }) {
  const currentIndex = STEPS.findIndex((s) => s.step === current);
  return (
    <nav aria-label="Checkout steps" className="stepper">
      <ol>
        {STEPS.map(({ step, label }, i) => {
          const state = i < currentIndex ? 'done' : i === currentIndex ? 'current' : 'next';
          return (
            <li key={step} data-state={state} aria-current={state === 'current' ? 'step' : undefined}>
              <span className="stepper-mark" aria-hidden="true">
                {state === 'done' ? '✓' : i + 1}
              </span>
              <span className="stepper-label">
                {label}
                {state === 'done' ? <span className="visually-hidden"> (done)</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
