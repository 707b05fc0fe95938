// A labelled text input with its error, and its twin for longer text around a text area: React Aria's
// TextField (label, description and error wired up).
import type { ReactNode } from 'react';
import {
  FieldError,
  Input,
  Label,
  Text,
  TextArea,
  TextField as AriaTextField,
  type TextFieldProps,
} from 'react-aria-components';

export interface FieldProps extends Omit<TextFieldProps, 'children'> {
  label: string;
  hint?: string;
  /** The rule's message when the value breaks one (shown, and the field marked invalid). */
  error?: string | null;
}

function Field({ label, hint, error, children, ...rest }: FieldProps & { children: ReactNode }) {
  return (
    <AriaTextField {...rest} className="field" isInvalid={Boolean(error)} validationBehavior="aria">
      <Label>{label}</Label>
      {children}
      {hint ? (
        <Text slot="description" className="field-hint">
          {hint}
        </Text>
      ) : null}
      <FieldError className="field-error">{error}</FieldError>
    </AriaTextField>
  );
}

export function TextField({ placeholder, ...rest }: FieldProps & { placeholder?: string }) {
  return (
    <Field {...rest}>
      <Input placeholder={placeholder} />
    </Field>
  );
}

export interface TextAreaFieldProps extends FieldProps {
  rows?: number;
  /** The text area's own class, for a page that styles it apart. */
  areaClassName?: string;
}

export function TextAreaField({ rows = 3, areaClassName, ...rest }: TextAreaFieldProps) {
  return (
    <Field {...rest}>
      <TextArea className={areaClassName} rows={rows} />
    </Field>
  );
}
