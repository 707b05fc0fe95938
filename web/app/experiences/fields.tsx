// The builder's field the shared UI has no primitive for: a pick-one list (React Aria's Select). It takes the
// rule's message like ~/ui/text-field.
import { Button, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from 'react-aria-components';
import { FieldNotes } from '~/ui/text-field';

export interface Choice {
  id: string;
  label: string;
}

export function SelectField(props: {
  label: string;
  items: Choice[];
  value: string | null;
  onChange: (value: string) => void;
  placeholder?: string;
  hint?: string;
  error?: string;
  isDisabled?: boolean;
}) {
  return (
    <Select
      className="field xp-select"
      value={props.value || null}
      onChange={(key) => {
        if (key !== null) props.onChange(String(key));
      }}
      placeholder={props.placeholder}
      isInvalid={Boolean(props.error)}
      isDisabled={props.isDisabled}
      validationBehavior="aria"
    >
      <Label>{props.label}</Label>
      <Button className="xp-select-button" data-error-focus={props.error ? '' : undefined}>
        <SelectValue className="xp-select-value" />
        <span aria-hidden="true">▾</span>
      </Button>
      <FieldNotes hint={props.hint} error={props.error} />
      <Popover className="search-popover xp-popover" offset={4}>
        <ListBox className="suggestions" items={props.items}>
          {(item) => (
            <ListBoxItem id={item.id} textValue={item.label} className="suggestion">
              {item.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}
