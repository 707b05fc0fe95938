// The card form's rules and formatting, with the billing service's own messages (contracts' CardSchema), so a
// card the page accepts is one billing accepts. Formatting only groups what was typed; the digits are sent.
export interface CardValues {
  number: string;
  expiry: string;
  cvc: string;
  holderName: string;
}
export type CardField = keyof CardValues;
export type CardErrors = Partial<Record<CardField, string>>;

export const cardMessages = {
  numberRequired: 'The card number is required',
  numberLength: 'The card number must have 12 to 19 digits',
  numberInvalid: 'The card number is not valid',
  expiryRequired: 'The expiry date is required',
  expiryFormat: 'Use the expiry date as MM/YY',
  expired: 'The card has expired',
  cvcRequired: 'The security code is required',
  cvcFormat: 'The security code has 3 or 4 digits',
  holderRequired: 'The cardholder name is required',
} as const;

export const emptyCard: CardValues = { number: '', expiry: '', cvc: '', holderName: '' };

const digitsOf = (value: string) => value.replace(/\D/g, '');

/** The Luhn checksum every card number carries. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** "4242424242424242" → "4242 4242 4242 4242" (at most 19 digits). */
export const formatCardNumber = (value: string) =>
  digitsOf(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** "1" → "1", "4" → "04", "123" → "12/3", "1228" → "12/28": the slash comes by itself. */
export function formatExpiry(value: string): string {
  let digits = digitsOf(value).slice(0, 4);
  if (/^[2-9]/.test(digits)) digits = `0${digits}`.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export const formatCvc = (value: string) => digitsOf(value).slice(0, 4);

/** A card's last valid month is its expiry month, to its end (UTC), as billing counts it. */
function hasExpired(expiry: string, now: Date): boolean {
  const [month, year] = expiry.split('/').map(Number) as [number, number];
  return Date.UTC(2000 + year, month, 1) <= now.getTime();
}

function numberError(number: string): string | undefined {
  const digits = digitsOf(number);
  if (!number.trim()) return cardMessages.numberRequired;
  if (/[^\d\s-]/.test(number) || digits.length < 12 || digits.length > 19) return cardMessages.numberLength;
  return passesLuhn(digits) ? undefined : cardMessages.numberInvalid;
}

function expiryError(expiry: string, now: Date): string | undefined {
  const value = expiry.trim();
  if (!value) return cardMessages.expiryRequired;
  if (!/^(0[1-9]|1[0-2])\/\d{2}$/.test(value)) return cardMessages.expiryFormat;
  return hasExpired(value, now) ? cardMessages.expired : undefined;
}

export function cardErrors(values: CardValues, now = new Date()): CardErrors {
  const errors: CardErrors = {
    number: numberError(values.number),
    expiry: expiryError(values.expiry, now),
    cvc: !values.cvc ? cardMessages.cvcRequired : /^\d{3,4}$/.test(values.cvc) ? undefined : cardMessages.cvcFormat,
    holderName: values.holderName.trim() ? undefined : cardMessages.holderRequired,
  };
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message)) as CardErrors;
}

/** The payment body's card: digits only, trimmed name. */
export const cardBody = (values: CardValues) => ({
  number: digitsOf(values.number),
  expiry: values.expiry.trim(),
  cvc: values.cvc,
  holderName: values.holderName.trim(),
});
