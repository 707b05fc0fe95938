import { describe, expect, it } from 'vitest';
import { cardBrand, cardSummary } from '../../src/domain/card.js';

describe('cardBrand', () => {
  it.each([
    ['4242424242424242', 'visa'],
    ['5105105105105100', 'mastercard'],
    ['5555555555554444', 'mastercard'],
    ['2221000000000009', 'mastercard'],
    ['2720990000000007', 'mastercard'],
    ['2721000000000004', 'card'],
    ['378282246310005', 'amex'],
    ['340000000000009', 'amex'],
    ['6011111111111117', 'card'],
  ])('names %s %s', (number, brand) => {
    expect(cardBrand(number)).toBe(brand);
  });
});

it('keeps the brand and the last four digits, nothing else', () => {
  expect(cardSummary('4242 4242 4242 4242')).toEqual({ brand: 'visa', last4: '4242' });
});
