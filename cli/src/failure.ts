// How a command ends when it cannot do what was asked: one line on stderr and an exit code scripts can act on.
//   0 done · 1 refused or not found · 2 usage · 3 not signed in · 4 the platform is unreachable
import { ApiError } from '@travelclub/contracts';
import { CommanderError } from 'commander';
import { terminalSafeValue } from './output.js';

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

/** The default of `--timeout`: how long any one call to the platform may take before the command gives up. */
export const DEFAULT_TIMEOUT_S = 30;

/** The platform took the connection but did not answer within `--timeout` (the cause of the ApiError). */
export class PlatformTimeout extends Error {
  override name = 'PlatformTimeout';
  constructor(api: string, seconds: number) {
    super(
      `The platform at ${api} did not answer within ${seconds} s. Is it overloaded or stuck? (--timeout to wait longer)`,
    );
  }
}
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
  if (err.status === 0 && err.cause instanceof PlatformTimeout) return err.cause.message;
  if (err.status === 0) return `Cannot reach the platform at ${api}. Is it running? (--api or TRAVELCLUB_API)`;
  const detail = err.details?.[0];
  const where = detail ? ` (${detail.path || 'input'}: ${detail.message})` : '';
  if (err.status === 401) return `${err.message.replace(/\.$/, '')}. Run \`travelclub login\` to sign in again.`;
  return `${err.message}${err.code === 'validation-failed' ? where : ''}`;
}

/** What went wrong, as one line says it and as `--json` prints it. */
interface Failure {
  exitCode: ExitCode;
  message: string;
  /** The platform's catalogue code, or the command line's own name for what happened. */
  code: string;
  status?: number;
  details?: ApiError['details'];
}

const exitNames: Record<ExitCode, string> = {
  0: 'ok',
  1: 'refused',
  2: 'usage',
  3: 'signed-out',
  4: 'unreachable',
};

function failureOf(err: unknown, api: string): Failure | undefined {
  if (err instanceof CommanderError) return undefined;
  if (err instanceof CliFailure) return { exitCode: err.exitCode, message: err.message, code: exitNames[err.exitCode] };
  if (err instanceof ApiError) {
    const exitCode = apiExitCode(err);
    const timedOut = err.status === 0 && err.cause instanceof PlatformTimeout;
    return {
      exitCode,
      message: apiMessage(err, api),
      code: err.code ?? (timedOut ? 'timeout' : exitNames[exitCode]),
      ...(err.status ? { status: err.status } : {}),
      ...(err.details ? { details: err.details } : {}),
    };
  }
  // A prompt closed with Ctrl-C or Ctrl-D: nothing was done.
  if (err instanceof Error && err.name === 'ExitPromptError')
    return { exitCode: EXIT.refused, message: 'cancelled, nothing was changed', code: 'cancelled' };
  return { exitCode: EXIT.refused, message: err instanceof Error ? err.message : String(err), code: 'refused' };
}

/**
 * Reports a failure on stderr in one line and answers the exit code: `error: <message>`, or with `json` the
 * platform's envelope shape, `{"error":{"code","message","exitCode",...}}`, so a script reads failures as JSON too.
 */
export function report(err: unknown, api: string, write: (line: string) => void, json = false): ExitCode {
  if (err instanceof CommanderError) return err.exitCode === 0 ? EXIT.ok : EXIT.usage;
  const failure = terminalSafeValue(failureOf(err, api)!);
  write(json ? JSON.stringify({ error: failure }) : `error: ${failure.message}`);
  return failure.exitCode;
}
