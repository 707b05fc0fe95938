import { describe, expect, it } from 'vitest';
import { checkoutPage, messagePage, portalPage } from '../../src/routes/plan-page-html.js';

const hostile = `"><script>alert(1)</script>`;
const plan = {
  id: 'sub_1',
  userId: 'u-1',
  interval: 'month' as const,
  price: { amount: 1900, currency: 'USD' },
  currentPeriodStart: '2026-01-31T10:00:00.000Z',
  currentPeriodEnd: '2026-02-28T10:00:00.000Z',
  cancelAtPeriodEnd: false,
  createdAt: '2026-01-31T10:00:00.000Z',
};
const actions = { cancel: '/p/cancel', resume: '/p/resume', pay: '/p/pay' };

describe('the hosted pages', () => {
  it('escape every value they show, in text and in attributes', () => {
    const page = checkoutPage(
      { price: plan.price, email: hostile, action: `/x${hostile}`, cancelUrl: `/back${hostile}` },
      { status: 402, code: 'card-declined', values: { holderName: hostile, expiry: hostile } },
    );
    expect(page).not.toContain('<script>');
    expect(page).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).toContain('value="&quot;&gt;&lt;script&gt;');
  });

  it('label every field and tie its problem to it', () => {
    const page = checkoutPage(
      { price: plan.price, action: '/x', cancelUrl: '/back' },
      { status: 400, code: 'validation-failed', fields: { cvc: 'The security code has 3 or 4 digits' } },
    );
    for (const field of ['number', 'expiry', 'cvc', 'holderName']) expect(page).toContain(`<label for="${field}">`);
    expect(page).toContain(
      '<input id="cvc" name="cvc" type="text" autocomplete="cc-csc" inputmode="numeric" required aria-describedby="cvc-error" aria-invalid="true">',
    );
    expect(page).toContain('<div role="alert" id="form-problem"><p>Please check the card details below.</p></div>');
  });

  it('say where a plan stands, and offer only what it can do', () => {
    const active = portalPage({ plan: { ...plan, status: 'active' }, actions, returnUrl: '/back' });
    expect(active).toContain(
      'It renews on <time datetime="2026-02-28T10:00:00.000Z">28 February 2026</time> for $19.00.',
    );
    expect(active).toContain('action="/p/cancel"');
    const ending = portalPage({
      plan: { ...plan, status: 'active', cancelAtPeriodEnd: true },
      actions,
      returnUrl: '/b',
    });
    expect(ending).toContain('action="/p/resume"');
    expect(ending).not.toContain('action="/p/cancel"');
    const lapsed = portalPage({
      plan: { ...plan, status: 'lapsed', endedAt: '2026-03-07T10:00:00.000Z' },
      actions,
      returnUrl: '/b',
    });
    expect(lapsed).toContain('Your plan ended on <time datetime="2026-03-07T10:00:00.000Z">7 March 2026</time>');
    expect(lapsed).not.toContain('<form');
  });

  it('write a message page with the catalogue text', () => {
    expect(messagePage('plan-link-invalid')).toContain('<h1>Link expired</h1>');
  });
});
