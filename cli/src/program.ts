// The command tree: nouns and verbs as support staff say them, each with its help and examples.
import { Command, Option } from 'commander';
import { accountCommands } from './commands/account.js';
import { accountsCommands } from './commands/accounts.js';
import { completionCommands } from './commands/completion.js';
import { healthCommand } from './commands/health.js';
import { itineraryCommands } from './commands/itineraries.js';
import { moneyCommands } from './commands/money.js';
import { pipelineCommands } from './commands/pipeline.js';
import { seedCommand } from './commands/seed.js';
import { wholeNumber } from './commands/options.js';
import { DEFAULT_TIMEOUT_S, EXIT } from './failure.js';
import { DEFAULT_API } from './session.js';

const ABOUT = [
  "Support staff's tool for TravelClub: bookings, money, accounts and the event pipeline, through the platform's own APIs with a support account's rights.",
  'Exit codes: 0 done, 1 refused or not found, 2 usage, 3 not signed in, 4 platform unreachable or not answering within --timeout. With --json, errors are JSON too. Colours only on a terminal, never with NO_COLOR set or --no-color.',
].join('\n\n');

/** `--json` anywhere on the line (before the command tree has parsed it, for its own usage errors). */
export const wantsJson = () => process.argv.slice(2).includes('--json');

export function buildProgram(): Command {
  const program = new Command('travelclub')
    .description(ABOUT)
    .version('0.1.0')
    .addOption(new Option('--api <url>', `the platform's gateway (default ${DEFAULT_API})`).env('TRAVELCLUB_API'))
    .option('--json', 'print reads as JSON, for scripts')
    .option('--no-color', 'no colours, even on a terminal')
    .addOption(
      new Option('--timeout <seconds>', 'give up on a platform that does not answer within this many seconds (exit 4)')
        .default(DEFAULT_TIMEOUT_S)
        .argParser(wholeNumber('timeout', 1, 3600)),
    )
    .configureHelp({ showGlobalOptions: true, sortSubcommands: false })
    // Usage errors in one line, with where to look next (with --json, as JSON like every other error).
    .configureOutput({
      outputError: (text, write) => {
        const message = `${text.trim().replace(/\s*\n\s*/g, ' ')} (see --help)`;
        write(
          `${wantsJson() ? JSON.stringify({ error: { exitCode: EXIT.usage, message, code: 'usage' } }) : message}\n`,
        );
      },
    })
    .exitOverride();
  accountCommands(program);
  itineraryCommands(program);
  moneyCommands(program);
  accountsCommands(program);
  pipelineCommands(program);
  healthCommand(program);
  seedCommand(program);
  completionCommands(program);
  // Every subcommand reports its usage errors the same way (exit code 2, not commander's own exit).
  const override = (command: Command) => {
    command.exitOverride();
    command.commands.forEach(override);
  };
  override(program);
  return program;
}
