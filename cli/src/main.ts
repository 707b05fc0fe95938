// travelclub: runs one command and exits with its code (see failure.ts).
import { report } from './failure.js';
import { buildProgram, wantsJson } from './program.js';
import { apiUrl } from './session.js';

const program = buildProgram();
try {
  await program.parseAsync(process.argv);
} catch (err) {
  const flags = program.opts<{ api?: string; json?: boolean }>();
  const json = Boolean(flags.json) || wantsJson();
  process.exitCode = report(err, apiUrl(flags.api), (line) => process.stderr.write(`${line}\n`), json);
}
