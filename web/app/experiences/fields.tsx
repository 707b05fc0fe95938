// The builder's fields the shared UI has no primitive for: a pick-one list (React Aria's Select), which takes the
// rule's message like ~/ui/text-field, and a pick-one of a few choices shown at once (radio buttons).
import {
  Button,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Radio,
  RadioGroup,
  Select,
  SelectValue,
} from 'react-aria-components';
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

/** A pick-one of a few choices, all in view: how a package is priced, when its travellers start. */
export function RadioChoices<K extends string>(props: {
  label: string;
  choices: readonly { id: K; label: string }[];
  value: K;
  onChange: (value: K) => void;
}) {
  return (
    <RadioGroup className="xp-radios" value={props.value} onChange={(id) => props.onChange(id as K)}>
      <Label>{props.label}</Label>
      {props.choices.map((choice) => (
        <Radio key={choice.id} value={choice.id} className="xp-radio">
          {choice.label}
        </Radio>
      ))}
    </RadioGroup>
  );
}
