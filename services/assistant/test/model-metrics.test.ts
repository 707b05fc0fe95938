// Taylor's business figures on the service's own /metrics, with a language model (our fake chat-completions
// server): a turn counted once when its answer is stored, the tokens it spent by kind as the server reported
// them, a refused message counting nothing, and the platform's day's tokens over its ceiling.
import { readMetric } from '@travelclub/kit/testing';
import { describe, expect, it } from 'vitest';
import { replies, startFakeModelServer } from './engines/fake-model-server.js';
import { expectError, usage, useModelAssistant } from './helpers.js';

const model = await startFakeModelServer();
const world = useModelAssistant(model.baseUrl, { LLM_TOKENS_PER_DAY: '400', LLM_PLATFORM_TOKENS_PER_DAY: '1000' });
const figure = (name: string, labels: Record<string, string> = {}) => readMetric(world.app, name, labels);

describe('Taylor’s figures', () => {
  it('counts a turn once, its tokens by kind, and the day’s share of the platform’s ceiling', async () => {
    model.reset();
    const before = {
      turns: await figure('travelclub_taylor_turns_total'),
      input: await figure('travelclub_taylor_tokens_total', { kind: 'input' }),
      output: await figure('travelclub_taylor_tokens_total', { kind: 'output' }),
    };
    const creator = await world.caller();
    const id = await world.startConversation(creator);
    model.script(
      replies.toolCalls([{ name: 'search_hotels', arguments: '{}' }], { usage: usage(100, 10) }),
      replies.text(['Nothing fits yet.'], usage(150, 20)),
    );
    const { events } = await world.send(creator, id, 'Somewhere warm in March');
    expect(events.at(-1)?.type).toBe('done');
    expect(await figure('travelclub_taylor_turns_total')).toBe(before.turns + 1);
    expect(await figure('travelclub_taylor_tokens_total', { kind: 'input' })).toBe(before.input + 250);
    expect(await figure('travelclub_taylor_tokens_total', { kind: 'output' })).toBe(before.output + 30);
    // Read from Redis when scraped, at most every 5 s: 280 of the platform's 1000 (this file's own prefix).
    await expect
      .poll(() => figure('travelclub_taylor_budget_used_ratio'), { timeout: 8_000, interval: 500 })
      .toBeCloseTo(0.28);

    // The creator's day (400) is used by the next answer; the message after it is refused before any turn.
    model.script(replies.text(['Fine.'], usage(110, 10)));
    expect((await world.send(creator, id, 'thanks')).events.at(-1)?.type).toBe('done');
    const turns = await figure('travelclub_taylor_turns_total');
    expect(turns).toBe(before.turns + 2);
    expectError((await world.send(creator, id, 'more')).res, 'assistant-allowance-used');
    expect(await figure('travelclub_taylor_turns_total')).toBe(turns);
  });
});
