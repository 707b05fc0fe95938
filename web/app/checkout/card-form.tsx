// The card form for the payment sandbox: number, expiry, security code and the cardholder's name, with the
// keyboards and autofill hints phones need, light formatting, the rules checked on change, and one Pay button.
import { useState } from 'react';
import { Button } from '~/ui/button';
import { CheckedForm } from '~/ui/checked-form';
import { TextField } from '~/ui/text-field';
import {
  cardErrors,
  emptyCard,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  type CardField,
  type CardValues,
} from './card-rules';
import { TestCards } from './test-cards';

const FORMAT: Record<CardField, (value: string) => string> = {
  number: formatCardNumber,
  expiry: formatExpiry,
  cvc: formatCvc,
  holderName: (value) => value,
};

function useCardForm() {
  const [values, setValues] = useState<CardValues>(emptyCard);
  const [dirty, setDirty] = useState<ReadonlySet<CardField>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const errors = cardErrors(values);
  return {
    values,
    errors,
    errorOf: (field: CardField) => (submitted || dirty.has(field) ? errors[field] : undefined),
    set(field: CardField, value: string) {
      setValues((before) => ({ ...before, [field]: FORMAT[field](value) }));
      setDirty((before) => new Set(before).add(field));
    },
    fill: (number: string) =>
      setValues((before) => ({
        ...before,
        number: formatCardNumber(number),
        expiry: before.expiry || '12/34',
        cvc: before.cvc || '123',
      })),
    submit() {
      setSubmitted(true);
      return Object.keys(errors).length === 0;
    },
  };
}

export function CardForm(props: { payLabel: string; isPending: boolean; onPay: (values: CardValues) => void }) {
  const form = useCardForm();
  const { values } = form;
  return (
    <CheckedForm
      label="Card details"
      className="stack card-form"
      onSubmit={() => {
        const passed = form.submit();
        if (passed) props.onPay(values);
        return passed;
      }}
    >
      <TestCards onUse={form.fill} />
      <TextField
        label="Card number"
        name="cc-number"
        inputMode="numeric"
        autoComplete="cc-number"
        isRequired
        placeholder="1234 5678 9012 3456"
        maxLength={23}
        value={values.number}
        onChange={(v) => form.set('number', v)}
        error={form.errorOf('number')}
      />
      <div className="field-pair">
        <TextField
          label="Expiry date"
          name="cc-exp"
          inputMode="numeric"
          autoComplete="cc-exp"
          isRequired
          placeholder="MM/YY"
          hint="MM/YY"
          maxLength={5}
          value={values.expiry}
          onChange={(v) => form.set('expiry', v)}
          error={form.errorOf('expiry')}
        />
        <TextField
          label="Security code"
          name="cc-csc"
          inputMode="numeric"
          autoComplete="cc-csc"
          isRequired
          hint="3 or 4 digits, on the back of the card"
          maxLength={4}
          value={values.cvc}
          onChange={(v) => form.set('cvc', v)}
          error={form.errorOf('cvc')}
        />
      </div>
      <TextField
        label="Name on card"
        name="cc-name"
        autoComplete="cc-name"
        isRequired
        maxLength={120}
        value={values.holderName}
        onChange={(v) => form.set('holderName', v)}
        error={form.errorOf('holderName')}
      />
      <Button type="submit" fullWidth isPending={props.isPending}>
        {props.payLabel}
      </Button>
    </CheckedForm>
  );
}
