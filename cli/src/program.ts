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
import { DEFAULT_API } from './session.js';

const ABOUT = [
  "Support staff's tool for TravelClub: bookings, money, accounts and the event pipeline, through the platform's own APIs with a support account's rights.",
  'Exit codes: 0 done, 1 refused or not found, 2 usage, 3 not signed in, 4 platform unreachable. Colours only on a terminal, never with NO_COLOR set or --no-color.',
].join('\n\n');

export function buildProgram(): Command {
  const program = new Command('travelclub')
    .description(ABOUT)
    .version('0.1.0')
    .addOption(new Option('--api <url>', `the platform's gateway (default ${DEFAULT_API})`).env('TRAVELCLUB_API'))
    .option('--json', 'print reads as JSON, for scripts')
    .option('--no-color', 'no colours, even on a terminal')
    .configureHelp({ showGlobalOptions: true, sortSubcommands: false })
    // Usage errors in one line, with where to look next.
    .configureOutput({ outputError: (text, write) => write(`${text.trim().replace(/\s*\n\s*/g, ' ')} (see --help)\n`) })
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
