// A labelled multi-line field with its hint and error: React Aria's TextField around a TextArea, the twin of
// ~/ui/text-field for longer text.
import { FieldError, Label, Text, TextArea, TextField, type TextFieldProps } from 'react-aria-components';

export interface TextAreaFieldProps extends Omit<TextFieldProps, 'children'> {
  label: string;
  hint?: string;
  error?: string | null;
  rows?: number;
}

export function TextAreaField({ label, hint, error, rows = 3, ...rest }: TextAreaFieldProps) {
  return (
    <TextField {...rest} className="field" isInvalid={Boolean(error)} validationBehavior="aria">
      <Label>{label}</Label>
      <TextArea rows={rows} />
      {hint ? (
        <Text slot="description" className="field-hint">
          {hint}
        </Text>
      ) : null}
      <FieldError className="field-error">{error}</FieldError>
    </TextField>
  );
}
