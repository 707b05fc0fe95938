// The dashboard home's checklist: how far the club is from live, the next step first in line with the one
// button that stands out, and the club's link to copy in the share step.
import type { ReactNode } from 'react';
import { LinkButton } from '~/ui/button';
import type { ChecklistStep } from './checklist';
import { CopyLink } from './copy-link';

export const ALL_SET = 'Your club is all set. Keep recommending stays and sharing your link.';

/** The next step's button stands out; a done step's way on (change, add another) stays quiet. */
const variantOf = (step: ChecklistStep, next: ChecklistStep | undefined) =>
  step === next ? 'primary' : step.done ? 'quiet' : 'secondary';

export function NextSteps(props: { steps: ChecklistStep[]; clubLink: string; onCopied: () => void }) {
  const { steps } = props;
  const done = steps.filter((step) => step.done).length;
  const next = steps.find((step) => !step.done);
  return (
    <section className="dash-card stack" aria-labelledby="next-steps-title">
      <div className="dash-card-head">
        <h2 id="next-steps-title">What to do next</h2>
        <p className="muted">
          {done} of {steps.length} done
        </p>
      </div>
      <progress className="dash-progress" max={steps.length} value={done} aria-label="Club set-up" />
      {next ? null : <p>{ALL_SET}</p>}
      <ol className="dash-steps">
        {steps.map((step) => (
          <Step key={step.id} step={step} isNext={step === next}>
            {'copy' in step.action ? (
              <CopyLink url={props.clubLink} label={step.action.label} onCopied={props.onCopied} />
            ) : (
              <LinkButton to={step.action.to} variant={variantOf(step, next)}>
                {step.action.label}
              </LinkButton>
            )}
          </Step>
        ))}
      </ol>
    </section>
  );
}

function Step({ step, isNext, children }: { step: ChecklistStep; isNext: boolean; children: ReactNode }) {
  // Done steps keep their action (change the address, recommend another), except verification: nothing to ask.
  const showAction = !step.done || step.id !== 'verified';
  return (
    <li className="dash-step" data-done={step.done || undefined} data-next={isNext || undefined}>
      <span className="dash-step-mark" aria-hidden="true">
        {step.done ? '✓' : ''}
      </span>
      <div className="dash-step-body">
        <h3>
          <span className="visually-hidden">{step.done ? 'Done:' : 'To do:'}</span> {step.title}
        </h3>
        <p className="muted">{step.text}</p>
        {showAction ? children : null}
      </div>
    </li>
  );
}
