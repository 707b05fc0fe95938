// completion bash|zsh: a script that asks `travelclub __complete <words>` for the next word, so completion
// always follows the commands this version has.
import { Command } from 'commander';
import { examples } from '../context.js';
import { usage } from '../failure.js';

const BASH = `# travelclub completion for bash: add to ~/.bashrc
#   source <(travelclub completion bash)
_travelclub() {
  local IFS=$'\\n'
  COMPREPLY=($(compgen -W "$(travelclub __complete "\${COMP_WORDS[@]:1:COMP_CWORD-1}" 2>/dev/null)" -- "\${COMP_WORDS[COMP_CWORD]}"))
}
complete -o default -F _travelclub travelclub
`;

const ZSH = `#compdef travelclub
# travelclub completion for zsh: add to ~/.zshrc
#   source <(travelclub completion zsh)
_travelclub() {
  local -a words_before candidates
  words_before=("\${(@)words[2,CURRENT-1]}")
  candidates=("\${(@f)$(travelclub __complete "\${words_before[@]}" 2>/dev/null)}")
  compadd -a candidates
}
compdef _travelclub travelclub
`;

/** The words that may come next after `words`: the subcommands and options of the command they reach. */
export function nextWords(program: Command, words: string[]): string[] {
  let current = program;
  for (const word of words) {
    const sub = current.commands.find((c) => c.name() === word || c.aliases().includes(word));
    if (sub) current = sub;
  }
  const subcommands = current.commands.map((c) => c.name()).filter((name) => !name.startsWith('__'));
  const options = [...current.options, ...program.options].map((o) => o.long).filter((o): o is string => !!o);
  return [...subcommands, ...options, '--help'];
}

export function completionCommands(program: Command) {
  examples(
    program
      .command('completion')
      .description('print the shell completion script for bash or zsh')
      .argument('<shell>', 'bash or zsh')
      .action((shell: string) => {
        if (shell === 'bash') process.stdout.write(BASH);
        else if (shell === 'zsh') process.stdout.write(ZSH);
        else throw usage(`No completion for "${shell}": bash or zsh`);
      }),
    ['source <(travelclub completion bash)', 'travelclub completion zsh > "${fpath[1]}/_travelclub"'],
  );
  program.addCommand(
    new Command('__complete').argument('[words...]').action((words: string[]) => {
      process.stdout.write(`${nextWords(program, words).join('\n')}\n`);
    }),
    { hidden: true },
  );
}
