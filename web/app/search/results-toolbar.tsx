// The results' options, as a GET form that rewrites the URL: the currency prices are quoted in (kept as
// the visitor's choice, spec section 3) and hotels per page — what the catalog's stored search can vary.
// With JavaScript a change applies at once; without it, the Apply button sends the form.
import type { ChangeEvent } from 'react';
import { Form, useSubmit } from 'react-router';
import { PAGE_SIZES, type ResultsQuery } from './results-query';
import { writeVisitorCurrency } from './visitor-currency';

const currencyNames = new Intl.DisplayNames('en-US', { type: 'currency' });

function currencyLabel(code: string): string {
  try {
    return `${code} · ${currencyNames.of(code) ?? code}`;
  } catch {
    return code;
  }
}

export function ResultsToolbar(props: { query: ResultsQuery; currency: string; currencies: readonly string[] }) {
  const { query } = props;
  const submit = useSubmit();

  function apply(event: ChangeEvent<HTMLSelectElement>) {
    if (event.currentTarget.name === 'currency') writeVisitorCurrency(event.currentTarget.value);
    void submit(event.currentTarget.form);
  }

  return (
    <div className="results-toolbar">
      <Form
        key={`${query.searchId}-${props.currency}-${query.take}`}
        method="get"
        className="results-options"
        aria-label="Result options"
      >
        <input type="hidden" name="searchId" value={query.searchId ?? ''} />
        <div className="field field-inline">
          <label htmlFor="results-currency">Currency</label>
          <select id="results-currency" name="currency" defaultValue={props.currency} onChange={apply}>
            {props.currencies.map((code) => (
              <option key={code} value={code}>
                {currencyLabel(code)}
              </option>
            ))}
          </select>
        </div>
        <div className="field field-inline">
          <label htmlFor="results-take">Per page</label>
          <select id="results-take" name="take" defaultValue={String(query.take)} onChange={apply}>
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </div>
        <noscript>
          <button type="submit" className="button" data-variant="secondary">
            Apply
          </button>
        </noscript>
      </Form>
    </div>
  );
}
