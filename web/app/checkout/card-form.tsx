// The card form for the payment sandbox: number, expiry, security code and the cardholder's name, with the
// keyboards and autofill hints phones need, light formatting, the rules checked on change, and one Pay button.
import { Button } from '~/ui/button';
import { CheckedForm } from '~/ui/checked-form';
import { TextField, type FieldProps } from '~/ui/text-field';
import { useFields } from '~/ui/use-fields';
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

const FORMAT = { number: formatCardNumber, expiry: formatExpiry, cvc: formatCvc };

/** Each field's name, also its autofill hint, so that a browser's saved cards fill the form. */
const AUTOFILL: Record<CardField, string> = {
  number: 'cc-number',
  expiry: 'cc-exp',
  cvc: 'cc-csc',
  holderName: 'cc-name',
};

/** A test card's number, with an expiry date and a security code where none was typed. */
const withTestCard = (number: string) => (before: CardValues) => ({
  ...before,
  number: formatCardNumber(number),
  expiry: before.expiry || '12/34',
  cvc: before.cvc || '123',
});

export function CardForm(props: { payLabel: string; isPending: boolean; onPay: (values: CardValues) => void }) {
  const form = useFields(emptyCard, { rules: cardErrors, format: FORMAT });
  // Every field is required and named as its autofill hint; all but the name take digits.
  const field = (key: CardField, spec: Pick<FieldProps, 'label' | 'hint' | 'maxLength'> & { placeholder?: string }) => (
    <TextField
      name={AUTOFILL[key]}
      inputMode={key === 'holderName' ? undefined : 'numeric'}
      autoComplete={AUTOFILL[key]}
      isRequired
      {...spec}
      {...form.bind(key)}
    />
  );
  return (
    <CheckedForm
      label="Card details"
      className="stack card-form"
      onSubmit={() => {
        const passed = form.submit();
        if (passed) props.onPay(form.values);
        return passed;
      }}
    >
      <TestCards onUse={(number) => form.update(withTestCard(number))} />
      {field('number', { label: 'Card number', placeholder: '1234 5678 9012 3456', maxLength: 23 })}
      <div className="field-pair">
        {field('expiry', { label: 'Expiry date', placeholder: 'MM/YY', hint: 'MM/YY', maxLength: 5 })}
        {field('cvc', { label: 'Security code', hint: '3 or 4 digits, on the back of the card', maxLength: 4 })}
      </div>
      {field('holderName', { label: 'Name on card', maxLength: 120 })}
      <Button type="submit" fullWidth isPending={props.isPending}>
        {props.payLabel}
      </Button>
    </CheckedForm>
  );
}
