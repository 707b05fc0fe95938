// The guest details form: the lead guest (name, email, phone: the booking's contact) and one name per room.
import type { Itinerary, SetGuestDetailsBody } from '@travelclub/contracts';
import { useSession } from '~/lib/session';
import { Button } from '~/ui/button';
import { CheckedForm } from '~/ui/checked-form';
import { TextField, type FieldProps } from '~/ui/text-field';
import { roomFieldKey } from './guest-rules';
import { useGuestForm, type GuestForm as Form, type LeadField } from './use-guest-form';

type LeadProps = Pick<FieldProps, 'label' | 'hint' | 'maxLength' | 'type' | 'inputMode' | 'autoComplete'>;

function LeadGuestFields({ form }: { form: Form }) {
  // Every lead field is required, and named as the form's own field.
  const field = (key: LeadField, spec: LeadProps) => <TextField name={key} isRequired {...spec} {...form.bind(key)} />;
  return (
    <fieldset className="form-group">
      <legend>Lead guest</legend>
      <p className="muted small">We send the booking confirmation to this address.</p>
      <div className="field-pair">
        {field('firstName', { label: 'First name', autoComplete: 'given-name', maxLength: 60 })}
        {field('lastName', { label: 'Last name', autoComplete: 'family-name', maxLength: 60 })}
      </div>
      {field('email', { label: 'Email', type: 'email', inputMode: 'email', autoComplete: 'email' })}
      {field('phone', {
        label: 'Phone',
        type: 'tel',
        inputMode: 'tel',
        autoComplete: 'tel',
        maxLength: 24,
        hint: 'With the country code, for example +44 20 7946 0958.',
      })}
    </fieldset>
  );
}

function RoomGuestFields({ form }: { form: Form }) {
  let number = 0;
  return (
    <fieldset className="form-group">
      <legend>Who is staying</legend>
      <p className="muted small">One name per room, as it will be given to the hotel.</p>
      {form.slots.map((slot) =>
        Array.from({ length: slot.rooms }, (_, i) => {
          number += 1;
          return (
            <TextField
              key={roomFieldKey(slot.key, i)}
              label={`Room ${number} guest name`}
              maxLength={120}
              isRequired
              hint={`${slot.roomTypeName}, ${slot.hotelName}`}
              autoComplete="name"
              value={form.roomValue(slot, i)}
              onChange={(v) => form.setRoom(slot, i, v)}
              error={form.errorOf(roomFieldKey(slot.key, i))}
            />
          );
        }),
      )}
    </fieldset>
  );
}

export function GuestForm(props: {
  itinerary: Itinerary;
  isPending: boolean;
  onSubmit: (body: SetGuestDetailsBody) => void;
}) {
  const { user } = useSession();
  const form = useGuestForm(props.itinerary, user?.email);
  return (
    <CheckedForm
      label="Guest details"
      className="stack"
      onSubmit={() => {
        if (props.isPending) return true;
        const body = form.submit();
        if (body) props.onSubmit(body);
        return body !== null;
      }}
    >
      <LeadGuestFields form={form} />
      <RoomGuestFields form={form} />
      <Button type="submit" isPending={props.isPending} fullWidth>
        Continue to payment
      </Button>
    </CheckedForm>
  );
}
