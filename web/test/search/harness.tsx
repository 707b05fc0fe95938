// The search tests' stand-ins: a browser API module whose calls go to `answers[name]` (the endpoint's key under
// its service's endpoints, e.g. `autocomplete`, `createSearch`, `latestItinerary`); pages render through
// ../render-page.tsx, as every page's tests do.
import { ApiError, endpoints } from '@travelclub/contracts';
import { configure } from '@testing-library/react';
import { vi } from 'vitest';

export { account } from '../accounts';
export { renderPage } from '../render-page';

// The form's widgets load on first use, and this machine is shared: waits get more time than the default second.
configure({ asyncUtilTimeout: 5_000 });

type Answer = (input: unknown) => unknown;
export const answers: Record<string, Answer> = {};

/** The endpoint's key under endpoints.<service>, found by identity. */
function nameOf(e: unknown): string {
  for (const group of Object.values(endpoints))
    for (const [name, value] of Object.entries(group)) if (value === e) return name;
  return 'unknown';
}

export const browserApi = {
  ApiError,
  endpoints,
  initSession: vi.fn(),
  onSessionChange: vi.fn(() => () => undefined),
  call: vi.fn(async (e: unknown, input: unknown) => {
    const answer = answers[nameOf(e)];
    if (!answer) throw new Error(`no answer for ${nameOf(e)}`);
    return answer(input);
  }),
};

export function resetApi() {
  for (const key of Object.keys(answers)) delete answers[key];
  browserApi.call.mockClear();
}

/** The inputs of the calls made to one endpoint. */
export const callsTo = (name: string) =>
  browserApi.call.mock.calls.filter(([e]) => nameOf(e) === name).map(([, input]) => input);
