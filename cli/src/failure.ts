// How a command ends when it cannot do what was asked: one line on stderr and an exit code scripts can act on.
//   0 done · 1 refused or not found · 2 usage · 3 not signed in · 4 the platform is unreachable
import { ApiError } from '@travelclub/contracts';
import { CommanderError } from 'commander';

export const EXIT = { ok: 0, refused: 1, usage: 2, signedOut: 3, unreachable: 4 } as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** A failure the command line itself names, with its exit code. */
export class CliFailure extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode,
  ) {
    super(message);
  }
}

export const usage = (message: string) => new CliFailure(message, EXIT.usage);
export const refused = (message: string) => new CliFailure(message, EXIT.refused);
export const signedOut = (message = 'You are not signed in. Run `travelclub login` first.') =>
  new CliFailure(message, EXIT.signedOut);

/** The exit code of a platform's answer: its status says whose problem it is. */
/** No answer, or the gateway's word that the part behind it did not answer. */
export const unreachable = (err: ApiError) => [0, 502, 503, 504].includes(err.status);

function apiExitCode(err: ApiError): ExitCode {
  if (unreachable(err)) return EXIT.unreachable;
  if (err.status === 401 || err.code === 'invalid-refresh-token') return EXIT.signedOut;
  if (err.code === 'validation-failed') return EXIT.usage;
  return EXIT.refused;
}

/** The platform's own message, with the first field it names when its input was refused. */
function apiMessage(err: ApiError, api: string): string {
  if (err.status === 0) return `Cannot reach the platform at ${api}. Is it running? (--api or TRAVELCLUB_API)`;
  const detail = err.details?.[0];
  const where = detail ? ` (${detail.path || 'input'}: ${detail.message})` : '';
  if (err.status === 401) return `${err.message.replace(/\.$/, '')}. Run \`travelclub login\` to sign in again.`;
  return `${err.message}${err.code === 'validation-failed' ? where : ''}`;
}

/** Reports a failure on stderr in one line and answers the exit code. */
export function report(err: unknown, api: string, write: (line: string) => void): ExitCode {
  if (err instanceof CommanderError) return err.exitCode === 0 ? EXIT.ok : EXIT.usage;
  if (err instanceof CliFailure) {
    write(`error: ${err.message}`);
    return err.exitCode;
  }
  if (err instanceof ApiError) {
    write(`error: ${apiMessage(err, api)}`);
    return apiExitCode(err);
  }
  // A prompt closed with Ctrl-C or Ctrl-D: nothing was done.
  if (err instanceof Error && err.name === 'ExitPromptError') {
    write('error: cancelled, nothing was changed');
    return EXIT.refused;
  }
  write(`error: ${err instanceof Error ? err.message : String(err)}`);
  return EXIT.refused;
}
