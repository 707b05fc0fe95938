// The service boundary of the club tests: `serverCall` answered per endpoint (by its name, such as
// 'creator.clubView'), with the real endpoint definitions and ApiError; and the calls made of one endpoint.
import { ApiError, endpoints } from '@travelclub/contracts';
import { vi } from 'vitest';

const names = new Map<object, string>();
for (const [service, group] of Object.entries(endpoints))
  for (const [name, e] of Object.entries(group)) names.set(e, `${service}.${name}`);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Answer = (input: any) => unknown;
export const answers: Record<string, Answer> = {};

export const server = {
  serverCall: vi.fn(async (_request: Request, e: object, input: unknown, _options?: unknown) => {
    const name = names.get(e) ?? 'unknown';
    const answer = answers[name];
    if (!answer) throw new ApiError(503, 'service-unavailable', `no answer for ${name}`);
    return answer(input);
  }),
};

export function resetServer() {
  for (const key of Object.keys(answers)) delete answers[key];
  server.serverCall.mockClear();
}

/** The inputs of the calls made of one endpoint, by name. */
export const callsOf = (name: string) =>
  server.serverCall.mock.calls.filter(([, e]) => names.get(e) === name).map(([, , input]) => input);

export const notFoundError = (code = 'profile-not-found') => new ApiError(404, code as never, 'Not found');
