// The command line's own pieces: tables that fit, amounts typed and shown, the booking's trace line, shell
// completion, usage exits.
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { nextWords } from '../src/commands/completion.js';
import { DEFAULT_TRACE_VIEWER_URL, traceField } from '../src/commands/itinerary-view.js';
import { minorUnits } from '../src/commands/options.js';
import { CliFailure } from '../src/failure.js';
import { createOutput, fitColumns, money } from '../src/output.js';
import { buildProgram } from '../src/program.js';
import { desk } from './run.js';

describe('tables', () => {
  it('keep natural widths when they fit, and shrink the widest columns first when not', () => {
    expect(fitColumns([10, 20, 5], 80)).toEqual([10, 20, 5]);
    expect(fitColumns([10, 60, 30], 80)).toEqual([10, 36, 30]);
    expect(fitColumns([10, 60, 50], 80)).toEqual([10, 33, 33]);
    // Never narrower than a column's floor (its heading, its longest word).
    expect(fitColumns([10, 60, 50], 80, [10, 40, 6])).toEqual([10, 40, 26]);
    expect(fitColumns([10, 60, 30], undefined)).toEqual([10, 60, 30]);
  });

  it('print within the width, and say so when there is nothing', () => {
    let text = '';
    const out = createOutput({ json: false, color: false, width: 40 }, (t) => {
      text += t;
    });
    out.table(['ID', 'NOTE'], [['a1', 'a long note that cannot fit in the forty columns of this terminal at all']]);
    for (const line of text.trimEnd().split('\n')) expect(line.length).toBeLessThanOrEqual(40);
    expect(text).toContain('terminal');
    text = '';
    out.table(['ID'], [], 'No itineraries match.');
    expect(text).toBe('No itineraries match.\n');
  });
});

describe('amounts', () => {
  it('are typed in major units and sent in minor units of the currency', () => {
    expect(minorUnits('12.5', 2)).toBe(1250);
    expect(minorUnits('12', 2)).toBe(1200);
    expect(minorUnits('1200', 0)).toBe(1200);
    expect(() => minorUnits('1.234', 2)).toThrow(CliFailure);
    expect(() => minorUnits('-1', 2)).toThrow(CliFailure);
    expect(() => minorUnits('0', 2)).toThrow(CliFailure);
    expect(() => minorUnits('12.5', 0)).toThrow(CliFailure);
  });

  it('are shown with their currency', () => {
    expect(money({ amount: 123450, currency: 'EUR' })).toBe('€1,234.50');
    expect(money({ amount: 1200, currency: 'JPY' })).toBe('¥1,200');
  });
});

describe('the booking’s trace', () => {
  const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
  const printed = (value: string) => {
    let text = '';
    const out = createOutput({ json: false, color: true, width: 100 }, (t) => {
      text += t;
    });
    out.fields([
      ['Itinerary', 'itn-1'],
      ['Trace link', value],
    ]);
    return text;
  };

  it('prints the id and its page in the viewer, Zipkin’s of `npm start` unless TRACE_VIEWER_URL says', () => {
    expect(DEFAULT_TRACE_VIEWER_URL).toBe('http://127.0.0.1:9411/zipkin/traces/{traceId}');
    expect(traceField(traceId, undefined)).toBe(`http://127.0.0.1:9411/zipkin/traces/${traceId}`);
    expect(traceField(traceId, 'https://jaeger.example.com/trace/{traceId}?uiFind={traceId}')).toBe(
      `https://jaeger.example.com/trace/${traceId}?uiFind=${traceId}`,
    );
    expect(stripVTControlCharacters(printed(traceField(traceId, '')))).toContain(
      `Trace link  http://127.0.0.1:9411/zipkin/traces/${traceId}\n`,
    );
  });

  it('prints no line for an itinerary without a trace', () => {
    expect(traceField(undefined, 'https://x.example/{traceId}')).toBe('');
    expect(printed(traceField(undefined))).not.toContain('Trace link');
  });

  it('keeps what a terminal would act on out of the viewer’s address, colours included', () => {
    const typed =
      'https://x.example/{traceId}\u001b[31m\u001b]8;;https://evil.example\u0007here\u001b]8;;\u0007\u001b[2J';
    const field = traceField(traceId, typed);
    expect(field).toBe(`https://x.example/${traceId}here`);
    for (const sequence of ['\u001b[31m', '\u001b]', '\u001b[2J']) expect(printed(field)).not.toContain(sequence);
  });
});

describe('shell completion', () => {
  it('offers the commands, then their verbs and options', () => {
    const program = buildProgram();
    expect(nextWords(program, [])).toEqual(expect.arrayContaining(['login', 'itineraries', 'dlq', 'health']));
    expect(nextWords(program, [])).not.toContain('__complete');
    expect(nextWords(program, ['itineraries'])).toEqual(expect.arrayContaining(['list', 'search', 'show', 'cancel']));
    expect(nextWords(program, ['itineraries', 'cancel'])).toEqual(
      expect.arrayContaining(['--reason', '--yes', '--json']),
    );
  });

  it('prints scripts for bash and zsh that ask the command itself', async () => {
    const { run } = desk('http://127.0.0.1:9');
    const bash = await run(['completion', 'bash']);
    expect(bash.stdout).toContain('complete -o default -F _travelclub travelclub');
    expect(bash.stdout).toContain('travelclub __complete');
    const zsh = await run(['completion', 'zsh']);
    expect(zsh.stdout).toContain('compdef _travelclub travelclub');
    const asked = await run(['__complete', 'dlq']);
    expect(asked.stdout.split('\n')).toEqual(expect.arrayContaining(['list', 'show', 'replay']));
    expect((await run(['completion', 'fish'])).code).toBe(2);
  });
});

describe('usage', () => {
  it('shows examples in every command’s help, and exits 2 on an unknown command', async () => {
    const { run } = desk('http://127.0.0.1:9');
    const help = await run(['refunds', 'issue', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Examples:');
    expect(help.stdout).toContain('--json');
    const unknown = await run(['bogus']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('has examples for every command', () => {
    const program = buildProgram();
    const leaves = (command: typeof program): (typeof program)[] =>
      command.commands.length ? command.commands.flatMap(leaves) : [command];
    const commands = leaves(program).filter((c) => !['help', '__complete'].includes(c.name()));
    expect(commands.length).toBeGreaterThan(20);
    for (const command of commands) {
      let text = '';
      command.configureOutput({ writeOut: (s) => (text += s) });
      command.outputHelp();
      expect(text, command.name()).toMatch(/Examples:\n {2}\$ .*travelclub/);
    }
  });
});
