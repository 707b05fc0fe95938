// What every command's action works with: the platform's address, its clients, and the output, from the
// global options (--api, --json, --no-color) wherever they were written on the line.
import type { ApiClient } from '@travelclub/contracts';
import type { Command } from 'commander';
import { DEFAULT_TIMEOUT_S } from './failure.js';
import { createOutput, outputOptions, terminalSafeValue, type Output } from './output.js';
import { apiUrl, clients } from './session.js';

export interface GlobalFlags {
  api?: string;
  json?: boolean;
  color?: boolean;
  /** Seconds any one call to the platform may take (`--timeout`). */
  timeout?: number;
}

export interface Context {
  api: string;
  /** Seconds any one call to the platform may take. */
  timeout: number;
  out: Output;
  /** Sends no token (sign-in, health). */
  anonymous: ReturnType<typeof clients>['anonymous'];
  /** Sends the signed-in support account's token. */
  client: ReturnType<typeof clients>['signedIn'];
}

export function contextOf(command: Command): Context {
  const flags = command.optsWithGlobals<GlobalFlags>();
  const api = apiUrl(flags.api);
  const timeout = flags.timeout ?? DEFAULT_TIMEOUT_S;
  const { anonymous, signedIn } = clients(api, timeout);
  return { api, timeout, out: createOutput(outputOptions(flags)), anonymous: safe(anonymous), client: safe(signedIn) };
}

/**
 * A client whose answers are terminal-safe: the platform's text (a guest name, a title, a note) is people's
 * writing, and control characters in it never reach the terminal, tables and --json alike.
 */
const safe = (client: ApiClient): ApiClient => ({
  call: async (e, input, options) => terminalSafeValue(await client.call(e, input, options)),
});

/** Adds examples under a command's help. */
export function examples(command: Command, lines: string[]): Command {
  return command.addHelpText('after', `\nExamples:\n${lines.map((l) => `  $ ${l}`).join('\n')}\n`);
}

/** An action with its context: `act(cmd, (ctx, ...args) => …)`. */
export function act<A extends unknown[]>(command: Command, run: (ctx: Context, ...args: A) => Promise<void>): Command {
  return command.action(async (...args: unknown[]) => {
    const self = args[args.length - 1] as Command;
    await run(contextOf(self), ...(args.slice(0, -1) as A));
  });
}
