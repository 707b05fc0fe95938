// The search form's look-alike handing over to the working form: keys typed after the working form arrived but
// before React swapped it in are kept, with the caret and the focus (issue 29: "Lisbon" became "isbon"). A file
// of its own: the working form is fetched once per module, so the look-alike is only seen by a file's first form.
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { loadLiveSearchForm, SearchForm } from '~/search/search-form';
import { renderPage, resetApi } from './harness';

vi.mock('~/lib/browser-api', async () => (await import('./harness')).browserApi);

const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
let wasAct: boolean | undefined;
beforeEach(() => {
  resetApi();
  // React renders the swap on its own schedule here, as in a browser, so a key can come before it.
  wasAct = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
});
afterEach(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = wasAct;
});

it('keeps the keys typed between the working form coming and its taking the look-alike’s place', async () => {
  renderPage({ path: '/', Component: () => <SearchForm />, url: '/' });
  const shell = screen.getByLabelText('Destination') as HTMLInputElement;
  shell.focus();
  shell.value = 'Li';
  // The form asked for the working half on the focus; once it has come, React is yet to render the swap...
  await loadLiveSearchForm();
  expect(screen.queryByRole('combobox')).toBeNull();
  // ...and the visitor types on, into the look-alike, still on the page.
  shell.value = 'Lisb';
  shell.setSelectionRange(4, 4);
  const box = (await screen.findByRole('combobox', { name: 'Destination' }, { timeout: 10_000 })) as HTMLInputElement;
  expect(box.value).toBe('Lisb');
  expect(document.activeElement).toBe(box);
  expect([box.selectionStart, box.selectionEnd]).toEqual([4, 4]);
});
