// Option parsers shared by the commands: a usage error (exit code 2) names the option and what it takes.
import { usage } from '../failure.js';

export const wholeNumber = (name: string, min: number, max: number) => (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw usage(`--${name} must be a whole number from ${min} to ${max}`);
  return n;
};

export const stayDate = (name: string) => (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value)))
    throw usage(`--${name} must be a date as YYYY-MM-DD`);
  return value;
};

/** An amount typed in major units ("12.50") as whole minor units of a currency with `digits` decimals. */
export function minorUnits(text: string, digits: number): number {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match || (match[2]?.length ?? 0) > digits)
    throw usage(
      `--amount must be a positive amount with at most ${digits} decimals, like ${digits ? '12.50' : '1200'}`,
    );
  const minor = Number(match[1]) * 10 ** digits + Number((match[2] ?? '').padEnd(digits, '0') || 0);
  if (!Number.isSafeInteger(minor) || minor <= 0) throw usage('--amount must be more than zero');
  return minor;
}

/** A reason staff write down for a change: a few words at least. */
export const reasonText = (value: string) => {
  const text = value.trim();
  if (text.length < 3 || text.length > 500) throw usage('--reason must be 3 to 500 characters');
  return text;
};
