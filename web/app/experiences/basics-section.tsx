// The package's name and description, and its price: a price per person in a currency the catalog quotes in
// (what the club shows; a booking is always priced by the hotels' rates), or priced live for each booking;
// and how many rooms one departure takes.
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { TextAreaField, TextField } from '~/ui/text-field';
import type { PricingKind } from './draft';
import { SelectField } from './fields';
import type { PackageEditor } from './use-editor';

export function BasicsSection({ editor }: { editor: PackageEditor }) {
  const { draft, update, errors } = editor;
  return (
    <section className="xp-section" aria-labelledby="xp-basics-heading">
      <h2 id="xp-basics-heading">About the package</h2>
      <TextField
        label="Title"
        value={draft.title}
        onChange={(title) => update((d) => ({ ...d, title }))}
        error={errors.title}
        placeholder="Five days in Lisbon"
        hint="Up to 120 characters."
      />
      <TextAreaField
        label="Description"
        value={draft.summary}
        onChange={(summary) => update((d) => ({ ...d, summary }))}
        hint="What makes this trip yours. Plain text, up to 2,000 characters."
        error={errors.summary}
        rows={6}
        areaClassName="xp-textarea"
      />
    </section>
  );
}

export function PriceSection({ editor, currencies }: { editor: PackageEditor; currencies: readonly string[] }) {
  const { draft, update, errors } = editor;
  return (
    <section className="xp-section" aria-labelledby="xp-price-heading">
      <h2 id="xp-price-heading">Price</h2>
      <RadioGroup
        className="xp-radios"
        value={draft.pricingKind}
        onChange={(kind) => update((d) => ({ ...d, pricingKind: kind as PricingKind }))}
      >
        <Label>How is it priced?</Label>
        <Radio value="perPerson" className="xp-radio">
          A price per person
        </Radio>
        <Radio value="liveQuote" className="xp-radio">
          Priced live for each booking
        </Radio>
      </RadioGroup>
      {draft.pricingKind === 'perPerson' ? (
        <div className="xp-price">
          <TextField
            label="Price per person"
            inputMode="decimal"
            value={draft.price}
            onChange={(price) => update((d) => ({ ...d, price }))}
            error={errors['pricing.price.amount']}
            placeholder="1250"
          />
          <SelectField
            label="Currency"
            items={currencies.map((code) => ({ id: code, label: code }))}
            value={draft.currency}
            onChange={(currency) => update((d) => ({ ...d, currency }))}
          />
        </div>
      ) : null}
      <p className="muted">
        {draft.pricingKind === 'perPerson'
          ? 'Your club shows this price. Each booking is priced by the hotels’ rates for its dates before the traveller pays.'
          : 'Your club says “Priced for your dates”: each booking is priced by the hotels’ rates before the traveller pays.'}
      </p>
      <TextField
        label="Rooms per departure"
        inputMode="numeric"
        value={draft.capacity}
        onChange={(capacity) => update((d) => ({ ...d, capacity }))}
        error={errors.capacity}
        hint="The most rooms one booking can take, from 1 to 100."
      />
    </section>
  );
}
