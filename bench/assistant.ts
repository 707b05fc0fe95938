// How fast Taylor answers (services/assistant) with its offline engine, the default with no LLM_* settings: 20
// creators at once, through the gateway, each in conversations of its own, ask for hotels ("Three hotels in Lisbon
// for next weekend for two") and send the next message as soon as the answer is done. Measured per answer: the time
// from sending the message to its first `token` event, and to its `done` event. Every answer must quote "$" prices
// and link hotels; one that does not is a failure, counted and shown, never a fast answer.
// The platform runs as `npm start` runs it, every part its own process. The demo catalog spreads its hotels over the
// cities by population, and Lisbon gets few (1 of 2,000 hotels, 4 of `npm start`'s 20,000): when the catalog has
// fewer than 3 hotels in --destination, the bench asks instead for the city with the most hotels among those the
// catalog's autocomplete shows, and says which.
// Usage: npm run bench:assistant [-- --seconds 20 --warmup 5 --creators 20 --hotels 2000 --destination Lisbon]
import type { AssistantStreamEvent, AutocompleteAnswer, ChatMessage, Destination } from '@travelclub/contracts';
import { Creator, startStack } from '@travelclub/testing';
import { benchOptions, stackInfra } from './setup.js';
import { ascending, percentile } from './stats.js';

const values = benchOptions(
  {
    seconds: 20,
    warmup: 5,
    creators: 20,
    hotels: 2000,
    // A conversation holds at most 200 messages (100 turns): each creator starts a new one this often.
    'turns-per-conversation': 50,
  },
  { destination: { type: 'string', default: 'Lisbon' } },
);
const GOALS = { ttftP99Ms: 300, answerP99Ms: 1500 };
/** The request asks for three hotels: a destination with fewer would answer a shorter list. */
const WANTED_HOTELS = 3;

const { infra, catcher } = await stackInfra(50);
console.log('starting the platform ...');
const stack = await startStack(infra, {
  hotels: values.hotels,
  env: { LOG_LEVEL: 'warn' },
  // Every creator sends a message as soon as the last is answered: far more than a person's 12 a minute.
  partEnv: { assistant: { MESSAGES_PER_MINUTE: '100000' } },
});

// ---------- the destination: one the offline engine reads and the catalog has hotels in ----------

const cities = async (query: string) => {
  const res = await fetch(
    `${stack.gateway}/api/v1/destinations/autocomplete?query=${encodeURIComponent(query)}&take=20`,
  );
  if (res.status !== 200) throw new Error(`autocomplete answered ${res.status}`);
  return ((await res.json()) as AutocompleteAnswer).destinations.filter((d) => d.locationType === 'city');
};

/** Words that end a place in the offline engine's reading ("in Lisbon for two"): a name holding one is cut short. */
const ENDS_A_PLACE = /\b(in|at|near|around|to|for|from|on|next|this|between|during|with|under|over)\b/i;
const readable = (d: Destination) => /^[A-Za-z' .-]+$/.test(d.name) && !ENDS_A_PLACE.test(d.name);

/** `wanted` when the catalog has enough hotels there, else the city with the most of the autocomplete's. */
async function destinationFor(wanted: string): Promise<string> {
  const named = (await cities(wanted)).find((d) => d.name.toLowerCase() === wanted.toLowerCase());
  if (named && named.hotelCount >= WANTED_HOTELS) return named.name;
  const seen = await Promise.all([...'abcdefghijklmnopqrstuvwxyz'].map(cities));
  const best = seen
    .flat()
    .filter(readable)
    .sort((a, b) => b.hotelCount - a.hotelCount)[0];
  if (!best || best.hotelCount < WANTED_HOTELS) throw new Error('the catalog has no city with hotels enough');
  console.log(
    `${wanted} has ${named?.hotelCount ?? 0} hotels in this catalog of ${values.hotels}: asking for ` +
      `${best.label} instead (${best.hotelCount} hotels)`,
  );
  return best.name;
}

// ---------- one message and its streamed answer ----------

interface Outcome {
  startedAt: number;
  ttftMs: number;
  answerMs: number;
  /** Why the answer does not count, when it does not. */
  failure?: string;
}

/** The stream's events as they come: `event: <type>` and `data: <JSON>`, blocks apart by a blank line. */
async function* events(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffered += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffered.indexOf('\n\n')) >= 0) {
      const block = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      const type = /^event: (.+)$/m.exec(block)?.[1];
      const data = /^data: (.+)$/m.exec(block)?.[1];
      if (type && data) yield { type, data: JSON.parse(data) } as AssistantStreamEvent;
    }
  }
}

/** What is wrong with a finished answer: it must quote prices and link the hotels it names. */
function faultOf(message: ChatMessage): string | undefined {
  if (message.error) return `answer ended on ${message.error.code}`;
  if (!message.text.includes('$')) return 'answer without a $ price';
  if (!message.links?.some((link) => link.kind === 'hotel')) return 'answer without hotel links';
  return undefined;
}

async function ask(token: string, conversationId: string, text: string): Promise<Outcome> {
  const startedAt = performance.now();
  const since = () => performance.now() - startedAt;
  const outcome = (failure?: string): Outcome => ({ startedAt, ttftMs, answerMs: since(), failure });
  let ttftMs = NaN;
  const res = await fetch(`${stack.gateway}/api/v1/assistant/conversations/${conversationId}/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ text }),
  });
  if (res.status !== 200 || !res.body) {
    const code = ((await res.json().catch(() => ({}))) as { error?: { code: string } }).error?.code;
    return outcome(`refused with ${res.status} ${code ?? ''}`.trim());
  }
  for await (const event of events(res.body)) {
    if (event.type === 'token' && Number.isNaN(ttftMs)) ttftMs = since();
    if (event.type === 'error') return outcome(`error event: ${event.data.code}`);
    if (event.type === 'done') {
      const fault = faultOf(event.data.message);
      return outcome(fault ?? (Number.isNaN(ttftMs) ? 'done without a token' : undefined));
    }
  }
  return outcome('the stream ended before done');
}

// ---------- the creators ----------

async function newConversation(creator: Creator): Promise<string> {
  const res = await creator.call<{ id: string }>('POST', '/api/v1/assistant/conversations', {});
  if (res.status !== 201) throw new Error(`new conversation answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.id;
}

/** One creator's turns until `until`, one at a time, a new conversation every --turns-per-conversation. */
async function converse(creator: Creator, text: string, until: number): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let conversationId = '';
  for (let turn = 0; performance.now() < until; turn++) {
    if (turn % values['turns-per-conversation'] === 0) conversationId = await newConversation(creator);
    const outcome = await ask(creator.token!, conversationId, text);
    outcomes.push(outcome);
    // A refusal answers at once: a short pause keeps a broken run from spinning.
    if (outcome.failure) await new Promise((done) => setTimeout(done, 100));
  }
  return outcomes;
}

const ms = (x: number) => (Number.isNaN(x) ? 'NaN' : x.toFixed(0));

/** The answers begun in the measured window: latencies of the good ones, and the failures by reason. */
function summarise(outcomes: Outcome[]) {
  const good = outcomes.filter((o) => !o.failure);
  const failures = new Map<string, number>();
  for (const { failure } of outcomes) if (failure) failures.set(failure, (failures.get(failure) ?? 0) + 1);
  const ttft = ascending(good.map((o) => o.ttftMs));
  const answer = ascending(good.map((o) => o.answerMs));
  return {
    answers: good.length,
    failed: outcomes.length - good.length,
    failures,
    ttftP50: percentile(ttft, 50),
    ttftP99: percentile(ttft, 99),
    answerP50: percentile(answer, 50),
    answerP99: percentile(answer, 99),
  };
}

try {
  const destination = await destinationFor(values.destination);
  const text = `Three hotels in ${destination} for next weekend for two`;
  const runId = Date.now().toString(36);
  const creators = await Promise.all(
    Array.from({ length: values.creators }, (_, i) =>
      new Creator(stack.gateway).signUp(`bench-assistant-${runId}-${i}@example.test`, `Bench Creator ${i + 1}`),
    ),
  );
  console.log(`${creators.length} creators ask “${text}”: ${values.warmup} s of warm-up, then ${values.seconds} s`);
  const measureFrom = performance.now() + values.warmup * 1000;
  const until = measureFrom + values.seconds * 1000;
  const all = await Promise.all(creators.map((creator) => converse(creator, text, until)));
  const measured = all.flat().filter((o) => o.startedAt >= measureFrom);
  const r = summarise(measured);

  console.log(
    `${r.answers} answers in ${values.seconds} s (${(r.answers / values.seconds).toFixed(1)}/s): first token ` +
      `p50 ${ms(r.ttftP50)} ms, p99 ${ms(r.ttftP99)} ms; whole answer p50 ${ms(r.answerP50)} ms, p99 ${ms(r.answerP99)} ms`,
  );
  if (r.failed > 0) {
    process.exitCode = 1;
    console.log(`${r.failed} failed answers (not in the figures):`);
    for (const [why, count] of r.failures) console.log(`  ${count} × ${why}`);
  }
  const verdict = (p99: number, goal: number) =>
    r.failed === 0 && r.answers > 0 && p99 <= goal ? 'met' : `NOT met${r.failed ? ' (failed answers)' : ''}`;
  console.log(
    `goals: first token p99 ≤ ${GOALS.ttftP99Ms} ms: ${verdict(r.ttftP99, GOALS.ttftP99Ms)}; ` +
      `whole answer p99 ≤ ${GOALS.answerP99Ms} ms: ${verdict(r.answerP99, GOALS.answerP99Ms)}`,
  );
  console.log(
    `RESULT ttft_p50_ms=${ms(r.ttftP50)} ttft_p99_ms=${ms(r.ttftP99)} answer_p50_ms=${ms(r.answerP50)} ` +
      `answer_p99_ms=${ms(r.answerP99)} creators=${creators.length} answers=${r.answers}`,
  );
} finally {
  await stack.stop();
  await catcher.close();
}
