// The state of a small form (the auth forms, the checkout's guest and card forms): its values, which fields the
// visitor has changed, and whether a submit was tried. Forms validate on every change (spec section 5); a field
// shows its error once a submit was tried, and before that by one of two rules: once the field was changed
// (sign-in, the forgotten password, the checkout), or once it is dirty, not its first value (sign-up, a reset).
import { useState } from 'react';

/** Each rule's message by field; a field that passes has none (or null). */
export type FieldErrors = Partial<Record<string, string | null>>;

/** What a text field takes from the form: its value, its setter and the error it shows now (null: none, or not yet). */
export interface FieldBinding {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
}

/** The fields of `V` that hold text. */
type TextKey<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

export function useFields<V extends object>(
  initial: V | (() => V),
  options: {
    rules: (values: V) => FieldErrors;
    /** Before a submit, a field's error shows once the field was changed (the default) or once it is dirty. */
    showErrors?: 'onceChanged' | 'onceDirty';
    /** How typed text is kept, by field (a card number in groups of four). */
    format?: Partial<Record<TextKey<V>, (value: string) => string>>;
  },
) {
  const [first] = useState(initial);
  const [values, setValues] = useState(first);
  const [changed, setChanged] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const errors = options.rules(values);
  const isValid = Object.values(errors).every((error) => !error);

  const isDirty = (field: string) =>
    (values as Record<string, unknown>)[field] !== (first as Record<string, unknown>)[field];
  const shows = (field: string) =>
    submitted || (options.showErrors === 'onceDirty' ? isDirty(field) : changed.has(field));
  /** The error `field` shows now (null: none, or not yet). */
  const errorOf = (field: string) => (shows(field) ? (errors[field] ?? null) : null);

  /** Changes the values, `field` (when given) as changed by the visitor. */
  function update(change: (before: V) => V, field?: string) {
    setValues(change);
    if (field !== undefined) setChanged((before) => (before.has(field) ? before : new Set(before).add(field)));
  }
  function set(field: TextKey<V>, value: string) {
    const text = options.format?.[field]?.(value) ?? value;
    update((before) => ({ ...before, [field]: text }), field);
  }

  return {
    values,
    isValid,
    errorOf,
    update,
    set,
    /** A text field's value, setter and error. */
    bind: (field: TextKey<V>): FieldBinding => ({
      value: values[field] as string,
      onChange: (value) => set(field, value),
      error: errorOf(field),
    }),
    /** A submit was tried: every field shows its error from now on. Answers whether all rules pass. */
    submit() {
      setSubmitted(true);
      return isValid;
    },
  };
}
