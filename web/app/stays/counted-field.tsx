// A labelled text field (one line or several) with a live counter of what will be saved against its limit.
// The counter is part of the field's description, so a screen reader reads it with the field; going over the
// limit shows the rule's message at once, in words, not only in colour.
import { FieldError, Input, Label, Text, TextArea, TextField } from 'react-aria-components';
import { countOf, counterText } from './rules';

export interface CountedFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  max: number;
  hint?: string;
  error?: string | null;
  /** Several lines (a text area) of this many rows. */
  rows?: number;
  onBlur?: () => void;
}

export function CountedField({ label, value, onChange, max, hint, error, rows, onBlur }: CountedFieldProps) {
  const over = countOf(value) > max;
  return (
    <TextField
      className="field stay-counted"
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      isInvalid={Boolean(error)}
      validationBehavior="aria"
    >
      <Label>{label}</Label>
      {rows ? <TextArea rows={rows} /> : <Input />}
      <Text slot="description" className="stay-counted-description">
        {hint ? <span className="field-hint">{hint} </span> : null}
        <span className="stay-counter" data-over={over || undefined}>
          <span className="visually-hidden">Characters used: </span>
          {counterText(value, max)}
        </span>
      </Text>
      <FieldError className="field-error">{error}</FieldError>
    </TextField>
  );
}
