// The package's name and description, and its price: a price per person in a currency the catalog quotes in
// (what the club shows; a booking is always priced by the hotels' rates), or priced live for each booking;
// and how many rooms one departure takes.
import { TextAreaField, TextField } from '~/ui/text-field';
import type { PricingKind } from './draft';
import { RadioChoices, SelectField } from './fields';
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

const PRICING_CHOICES = [
  { id: 'perPerson', label: 'A price per person' },
  { id: 'liveQuote', label: 'Priced live for each booking' },
] as const satisfies readonly { id: PricingKind; label: string }[];

export function PriceSection({ editor, currencies }: { editor: PackageEditor; currencies: readonly string[] }) {
  const { draft, update, errors } = editor;
  return (
    <section className="xp-section" aria-labelledby="xp-price-heading">
      <h2 id="xp-price-heading">Price</h2>
      <RadioChoices
        label="How is it priced?"
        choices={PRICING_CHOICES}
        value={draft.pricingKind}
        onChange={(pricingKind) => update((d) => ({ ...d, pricingKind }))}
      />
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
