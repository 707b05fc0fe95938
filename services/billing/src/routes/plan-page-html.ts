// The sandbox's hosted pages as HTML: the checkout, the customer portal and a message page. Pure. Plain,
// accessible markup without scripts or inline styles (the pages' content policy allows neither); every value
// goes through the `markup` tag, which escapes it.
import {
  errorCatalogue,
  formatMoney,
  type CreatorPlan,
  type ErrorCode,
  type PlanCardForm,
} from '@travelclub/contracts';
import type { CheckoutView } from '../flows/plan-checkout.js';
import type { FormProblem } from '../flows/plan-parts.js';
import type { PortalView } from '../flows/plan-portal.js';
import { SANDBOX_CARDS } from '../domain/card.js';

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: string | number) => String(value).replace(/[&<>"']/g, (c) => entities[c] ?? c);

/** Markup already made safe (by `markup`): put in as it is. */
class Safe {
  constructor(readonly text: string) {}
}
type Value = string | number | Safe | Safe[] | null | undefined | false;

/** Literal parts are trusted markup; every value is escaped, except markup the tag made itself. */
function markup(parts: TemplateStringsArray, ...values: Value[]): Safe {
  const text = (value: Value): string => {
    if (value === null || value === undefined || value === false) return '';
    if (value instanceof Safe) return value.text;
    if (Array.isArray(value)) return value.map(text).join('');
    return escapeHtml(value);
  };
  return new Safe(parts.reduce((out, part, i) => out + part + (i < values.length ? text(values[i]) : ''), ''));
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });
const date = (instant: string) => markup`<time datetime="${instant}">${dateFormat.format(new Date(instant))}</time>`;

function htmlDocument(title: string, body: Safe): string {
  return markup`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${title} · TravelClub</title>
</head>
<body>
<main>
<h1>${title}</h1>
${body}
</main>
</body>
</html>
`.text.replace(/\n{2,}/g, '\n'); // the lines of parts left out
}

/** The problem with the whole form, announced at once by screen readers. */
const problemAlert = (problem: FormProblem | undefined) =>
  problem &&
  markup`<div role="alert" id="form-problem"><p>${problem.fields ? 'Please check the card details below.' : errorCatalogue[problem.code].message}</p></div>`;

const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express' };

const FIELDS: { name: keyof PlanCardForm; label: string; autocomplete: string; numeric?: boolean; hint?: string }[] = [
  { name: 'number', label: 'Card number', autocomplete: 'cc-number', numeric: true },
  { name: 'expiry', label: 'Expiry date', autocomplete: 'cc-exp', hint: 'MM/YY' },
  { name: 'cvc', label: 'Security code', autocomplete: 'cc-csc', numeric: true },
  { name: 'holderName', label: 'Name on the card', autocomplete: 'cc-name' },
];

/** The card fields, each labelled, its problem tied to it; only the expiry and the name are filled in again. */
function cardForm(action: string, button: string, problem: FormProblem | undefined): Safe {
  const fields = FIELDS.map((field) => {
    const error = problem?.fields?.[field.name];
    const value = field.name === 'expiry' || field.name === 'holderName' ? problem?.values?.[field.name] : undefined;
    const described = [field.hint && `${field.name}-hint`, error && `${field.name}-error`].filter(Boolean).join(' ');
    return markup`<p>
<label for="${field.name}">${field.label}</label>
${field.hint && markup`<span id="${field.name}-hint">(${field.hint})</span>`}
<input id="${field.name}" name="${field.name}" type="text" autocomplete="${field.autocomplete}"${field.numeric ? markup` inputmode="numeric"` : ''} required${described ? markup` aria-describedby="${described}"` : ''}${error ? markup` aria-invalid="true"` : ''}${value ? markup` value="${value}"` : ''}>
${error && markup`<span id="${field.name}-error">${error}</span>`}
</p>`;
  });
  return markup`<form method="post" action="${action}">
<fieldset>
<legend>Card details</legend>
${fields}
</fieldset>
<p><button type="submit">${button}</button></p>
</form>`;
}

const testCards = markup`<h2>Test mode</h2>
<p>This is the payment sandbox: no money moves. Any future expiry date, any 3-digit security code and any name will do.</p>
<ul>
<li><code>${SANDBOX_CARDS.succeeds}</code>: paid, and renewals go through</li>
<li><code>${SANDBOX_CARDS.declined}</code>: declined</li>
<li><code>${SANDBOX_CARDS.insufficientFunds}</code>: insufficient funds</li>
<li><code>${SANDBOX_CARDS.declinedLater}</code>: paid now, but the renewals are declined</li>
</ul>`;

export function checkoutPage(view: CheckoutView, problem?: FormProblem): string {
  const price = formatMoney(view.price);
  return htmlDocument(
    'Start your creator plan',
    markup`<p>TravelClub creator plan: <strong>${price} a month</strong>, renewed every month until you cancel.</p>
${view.email && markup`<p>For the account ${view.email}.</p>`}
${problemAlert(problem)}
${cardForm(view.action, `Pay ${price} and start the plan`, problem)}
<p><a href="${view.cancelUrl}">Cancel and go back</a></p>
${testCards}`,
  );
}

/** Where the plan stands, in a sentence. */
function standing(plan: CreatorPlan): Safe {
  const price = formatMoney(plan.price);
  const end = plan.currentPeriodEnd;
  switch (plan.status) {
    case 'active':
      return plan.cancelAtPeriodEnd && end
        ? markup`<p>Your plan is cancelled: it stays on until ${date(end)} and does not renew.</p>`
        : markup`<p>Your plan is active. It renews on ${end ? date(end) : ''} for ${price}.</p>`;
    case 'past_due':
      return markup`<p>Your last payment of ${price} was declined. Pay by ${plan.graceUntil ? date(plan.graceUntil) : ''} to keep your plan.</p>`;
    case 'incomplete':
      return markup`<p>Your plan has not started: its checkout was not paid.</p>`;
    case 'cancelled':
      return markup`<p>Your plan was cancelled and ended on ${plan.endedAt ? date(plan.endedAt) : ''}.</p>`;
    case 'lapsed':
      return markup`<p>Your plan ended on ${plan.endedAt ? date(plan.endedAt) : ''}: its payment did not go through.</p>`;
  }
}

/** The one button that changes the plan now, or the card form of an overdue month. */
function actions({ plan, actions: to }: PortalView, problem: FormProblem | undefined): Safe | null {
  if (plan.status === 'past_due')
    return markup`<h2>Pay now</h2>
${problemAlert(problem)}
${cardForm(to.pay, `Pay ${formatMoney(plan.price)}`, problem)}
${testCards}`;
  if (plan.status !== 'active') return null;
  if (plan.cancelAtPeriodEnd)
    return markup`<form method="post" action="${to.resume}"><p><button type="submit">Keep my plan</button></p></form>`;
  return markup`<form method="post" action="${to.cancel}">
<p>Cancelling keeps your plan until the end of the month you paid for.</p>
<p><button type="submit">Cancel at the end of the period</button></p>
</form>`;
}

export function portalPage(view: PortalView, problem?: FormProblem): string {
  const { plan } = view;
  const card = plan.card && markup`<p>Card: ${BRANDS[plan.card.brand] ?? 'Card'} ending in ${plan.card.last4}</p>`;
  return htmlDocument(
    'Your creator plan',
    markup`${standing(plan)}
${card}
${actions(view, problem)}
<p><a href="${view.returnUrl}">Back to TravelClub</a></p>`,
  );
}

const TITLES: Partial<Record<ErrorCode, string>> = {
  'plan-link-invalid': 'Link expired',
  'payment-refunded': 'Payment refunded',
  'service-unavailable': 'Try again shortly',
};

/** A page that only says something: a link that no longer works, a payment that was given back. */
export function messagePage(code: ErrorCode): string {
  return htmlDocument(TITLES[code] ?? 'Something went wrong', markup`<p>${errorCatalogue[code].message}</p>`);
}
