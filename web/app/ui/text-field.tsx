// A labelled text input with its error: React Aria's TextField (label, description and error wired up).
import { FieldError, Input, Label, Text, TextField as AriaTextField, type TextFieldProps } from 'react-aria-components';

export interface FieldProps extends Omit<TextFieldProps, 'children'> {
  label: string;
  hint?: string;
  /** The rule's message when the value breaks one (shown, and the field marked invalid). */
  error?: string | null;
  placeholder?: string;
}

export function TextField({ label, hint, error, placeholder, ...rest }: FieldProps) {
  return (
    <AriaTextField {...rest} className="field" isInvalid={Boolean(error)} validationBehavior="aria">
      <Label>{label}</Label>
      <Input placeholder={placeholder} />
      {hint ? (
        <Text slot="description" className="field-hint">
          {hint}
        </Text>
      ) : null}
      <FieldError className="field-error">{error}</FieldError>
    </AriaTextField>
  );
}
