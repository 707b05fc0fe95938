// A labelled text input with its error, and its twin for longer text around a text area: React Aria's
// TextField (label, description and error wired up); and the hint and error every field shows (FieldNotes).
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

/** A React Aria field's hint (its description) and its error, as every field of the app shows them. */
export function FieldNotes({ hint, error }: { hint?: string; error?: string | null }) {
  return (
    <>
      {hint ? (
        <Text slot="description" className="field-hint">
          {hint}
        </Text>
      ) : null}
      <FieldError className="field-error">{error}</FieldError>
    </>
  );
}

function Field({ label, hint, error, children, ...rest }: FieldProps & { children: ReactNode }) {
  return (
    <AriaTextField {...rest} className="field" isInvalid={Boolean(error)} validationBehavior="aria">
      <Label>{label}</Label>
      {children}
      <FieldNotes hint={hint} error={error} />
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
