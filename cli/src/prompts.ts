// Questions asked on the terminal: an email, a hidden password, a yes/no before a change. Off a terminal
// (a script, a pipe) nothing is asked: the command says which flag gives the answer instead.
import { confirm, input, password } from '@inquirer/prompts';
import { refused, usage } from './failure.js';

const onTerminal = () => Boolean(process.stdin.isTTY && process.stdout.isTTY);

export async function askEmail(): Promise<string> {
  if (!onTerminal()) throw usage('Not on a terminal: give the email with --email');
  return (
    await input({ message: 'Email:', validate: (v) => (v.includes('@') ? true : 'An email address, please') })
  ).trim();
}

/** The password, never echoed (not even as stars). */
export async function askPassword(): Promise<string> {
  if (!onTerminal()) throw usage('Not on a terminal: pipe the password in with --password-stdin');
  return password({ message: 'Password:' });
}

/** Reads the whole of stdin (a password piped in), without its last line break. */
export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/**
 * Asks before a change unless `--yes` was given; off a terminal, `--yes` is required. A "no" ends the command
 * with exit code 1 and nothing changed.
 */
export async function confirmChange(question: string, yes: boolean | undefined): Promise<void> {
  if (yes) return;
  if (!onTerminal()) throw usage('Not on a terminal: add --yes to confirm this change');
  if (!(await confirm({ message: question, default: false }))) throw refused('Not confirmed: nothing was changed');
}
