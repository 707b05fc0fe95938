// events tail, dlq list | show | replay, jobs stats | retry: the event pipeline as support staff watch and mend it.
import { ApiError, endpoints } from '@travelclub/contracts';
import type { Command } from 'commander';
import { setTimeout as sleep } from 'node:timers/promises';
import { act, examples, type Context } from '../context.js';
import { unreachable, usage } from '../failure.js';
import { when } from '../output.js';
import { confirmChange } from '../prompts.js';
import { reasonText, wholeNumber } from './options.js';

interface TailOptions {
  topic?: string;
  type?: string;
  aggregate?: string;
  lines: number;
  follow: boolean;
}

type LoggedEvent = Awaited<ReturnType<typeof readEvents>>['events'][number];

const readEvents = (ctx: Context, o: TailOptions, after: string | undefined, limit: number) =>
  ctx.client.call(
    endpoints.notifications.supportEvents,
    { query: { topic: o.topic, type: o.type, aggregate: o.aggregate, after, limit } },
    { signal: AbortSignal.timeout(15_000) },
  );

/** One line an event: when, where, what, and which aggregate; the type coloured by what it says. */
function eventLine(ctx: Context, e: LoggedEvent): string {
  const { colors } = ctx.out;
  const type = e.event.type;
  const tint = /fail|declin|cancel|refus|dead/.test(type)
    ? colors.red
    : /paid|confirm|issued|created/.test(type)
      ? colors.green
      : colors.cyan;
  return [colors.dim(when(e.recordedAt)), e.topic.padEnd(18), tint(type.padEnd(32)), e.event.aggregateId].join(' ');
}

/**
 * The latest events, then each new one as it is logged. A poll the platform could not answer (a restart, a
 * blip) is tried again with a growing pause instead of ending the tail; a full page is followed at once.
 * `--json` prints one envelope a line (JSON Lines), so a pipe can read them as they come.
 */
async function tail(ctx: Context, options: TailOptions) {
  const print = (e: LoggedEvent) => ctx.out.line(ctx.out.json ? JSON.stringify(e.event) : eventLine(ctx, e));
  const first = await readEvents(ctx, options, undefined, options.lines);
  first.events.forEach(print);
  let cursor = first.next ?? undefined;
  let stop = !options.follow;
  process.once('SIGINT', () => {
    stop = true;
  });
  let pause = 1000;
  while (!stop) {
    await sleep(pause);
    try {
      const page = await readEvents(ctx, options, cursor, 500);
      page.events.forEach(print);
      cursor = page.next ?? cursor;
      pause = page.events.length === 500 ? 0 : 1000;
    } catch (err) {
      if (!(err instanceof ApiError) || !unreachable(err)) throw err;
      pause = Math.min(Math.max(pause, 1000) * 2, 30_000);
      process.stderr.write(`warning: ${ctx.api} did not answer (${err.message}); trying again in ${pause / 1000} s\n`);
    }
  }
}

function eventCommands(program: Command) {
  const events = program.command('events').alias('event').description('the events services publish');
  examples(
    act(
      events
        .command('tail')
        .description('the latest events and then each new one as it comes, one line each (--json: full envelopes)')
        .option('--topic <topic>', 'one topic, e.g. billing.events')
        .option('--type <type>', 'one event type, e.g. itinerary.cancelled')
        .option('--aggregate <id>', 'events about this id (an itinerary, invoice, user …)')
        .option('-n, --lines <n>', 'how many earlier events to show first', wholeNumber('lines', 1, 500), 10)
        .option('--no-follow', 'print and stop instead of waiting for new events'),
      tail,
    ),
    [
      'travelclub events tail',
      'travelclub events tail --topic billing.events --type billing.refund.issued',
      'travelclub events tail --aggregate 6745f0c2a1b2c3d4e5f60718 --no-follow --json | jq .payload',
    ],
  );
}

function dlqCommands(program: Command) {
  const dlq = program.command('dlq').description('dead letters: events a consumer gave up on');
  examples(
    act(
      dlq
        .command('list')
        .description('every dead letter, where it came from and why it failed')
        .option('--topic <topic>', 'the topic it came from, e.g. billing.events')
        .option('--consumer <group>', 'the consumer that gave up')
        .option('--open', 'only those not replayed yet'),
      async (ctx, o: { topic?: string; consumer?: string; open?: boolean }) => {
        const { letters } = await ctx.client.call(endpoints.notifications.supportDeadLetters, {
          query: { topic: o.topic, consumer: o.consumer, open: o.open ? 'true' : undefined },
        });
        ctx.out.result({ letters }, () =>
          ctx.out.table(
            ['REF', 'CONSUMER', 'EVENT', 'FAILED', 'STATE', 'ERROR'],
            letters.map((l) => [
              l.ref,
              l.consumer,
              l.eventType ?? '(not an event)',
              when(l.failedAt),
              l.replayedAt ? ctx.out.state('replayed') : ctx.out.colors.yellow('open'),
              `${l.error.name}: ${l.error.message}`,
            ]),
            'No dead letters.',
          ),
        );
      },
    ),
    ['travelclub dlq list --open', 'travelclub dlq list --topic billing.events --json'],
  );
  examples(
    act(
      dlq.command('show').description('one dead letter in full: the event and the error').argument('<ref>'),
      async (ctx, ref: string) => {
        const letter = await ctx.client.call(endpoints.notifications.supportDeadLetter, { params: { ref } });
        ctx.out.result(letter, (l) => ctx.out.line(JSON.stringify(l, null, 2)));
      },
    ),
    ['travelclub dlq show prod.billing.events.dlq:0:42'],
  );
  examples(
    act(
      dlq
        .command('replay')
        .description('publish letters again to the topic they came from; the consumer that gave up handles them once')
        .argument('[refs...]')
        .option('--all', 'every open letter (of --topic)')
        .option('--topic <topic>', 'with --all: only letters from this topic')
        .option('--consumer <group>', 'with --all: only letters this consumer gave up on')
        .option('--dry-run', 'say what would be replayed, change nothing')
        .option('--reason <text>', 'why (kept with your staff id)', reasonText)
        .option('--force', 'replay letters already replayed')
        .option('-y, --yes', 'do not ask to confirm'),
      replay,
    ),
    ['travelclub dlq replay --all --dry-run', 'travelclub dlq replay prod.billing.events.dlq:0:42 --yes'],
  );
}

interface ReplayOptions {
  all?: boolean;
  topic?: string;
  consumer?: string;
  dryRun?: boolean;
  force?: boolean;
  reason?: string;
  yes?: boolean;
}

async function replay(ctx: Context, refs: string[], o: ReplayOptions) {
  if (Boolean(o.all) === refs.length > 0) throw usage('Give letters to replay, or --all (not both)');
  if (!o.all && (o.topic || o.consumer)) throw usage('--topic and --consumer narrow --all; name letters alone');
  const which = o.all ? { all: true as const, topic: o.topic, consumer: o.consumer } : { refs };
  const body = { ...which, dryRun: Boolean(o.dryRun), force: Boolean(o.force), reason: o.reason };
  if (!o.dryRun)
    await confirmChange(o.all ? 'Replay every open dead letter?' : `Replay ${refs.length} dead letter(s)?`, o.yes);
  const answer = await ctx.client.call(endpoints.notifications.supportReplayDeadLetters, { body });
  ctx.out.result(answer, (a) => {
    ctx.out.table(
      ['REF', 'OUTCOME'],
      a.outcomes.map((x) => [x.ref, ctx.out.state(x.outcome)]),
      'No letters to replay.',
    );
    if (a.dryRun) ctx.out.line(ctx.out.colors.dim('\nDry run: nothing was replayed.'));
  });
}

function jobCommands(program: Command) {
  const jobs = program.command('jobs').alias('job').description('background job queues');
  examples(
    act(jobs.command('stats').description("each queue's waiting, active, delayed and failed jobs"), async (ctx) => {
      const stats = await ctx.client.call(endpoints.notifications.supportQueues, {});
      ctx.out.result(stats, (s) =>
        ctx.out.table(
          ['QUEUE', 'WAITING', 'ACTIVE', 'DELAYED', 'FAILED', 'COMPLETED', 'PAUSED'],
          s.queues.map((q) => [
            q.name,
            String(q.waiting),
            String(q.active),
            String(q.delayed),
            q.failed > 0 ? ctx.out.colors.red(String(q.failed)) : '0',
            String(q.completed),
            q.paused ? 'yes' : '',
          ]),
        ),
      );
    }),
    ['travelclub jobs stats', 'travelclub jobs stats --json'],
  );
  examples(
    act(
      jobs
        .command('retry')
        .description('run failed jobs of a queue again: one (--id) or all')
        .argument('<queue>')
        .option('--id <job>', 'one failed job')
        .option('--reason <text>', 'why (kept with your staff id)', reasonText)
        .option('-y, --yes', 'do not ask to confirm'),
      async (ctx, queue: string, o: { id?: string; reason?: string; yes?: boolean }) => {
        const which = o.id ? `failed job ${o.id} of ${queue}` : `every failed job of ${queue}`;
        await confirmChange(`Run ${which} again?`, o.yes);
        const answer = await ctx.client.call(endpoints.notifications.supportRetryJobs, {
          params: { queue },
          body: { jobId: o.id, reason: o.reason },
        });
        ctx.out.result(answer, (a) => ctx.out.done(`Retried ${a.retried} failed job(s) of ${queue}.`));
      },
    ),
    ['travelclub jobs retry emails --yes', 'travelclub jobs retry emails --id 1234 --reason "SMTP is back"'],
  );
}

export function pipelineCommands(program: Command) {
  eventCommands(program);
  dlqCommands(program);
  jobCommands(program);
}
