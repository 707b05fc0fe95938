// Creators' counters from the events on Kafka (creator-analytics consumer) and GET /userProfile/creatorCounters,
// through app.inject against the real servers: each rule of counting, every day of the range present, the range's
// limits, and a creator's counters being theirs alone.
import { CreatorCountersAnswerSchema } from '@travelclub/contracts';
import { describe, expect, it } from 'vitest';
import { expectError, useCreator } from '../helpers.js';
import { counters, countersOf, publishMix, today, yesterday, zeros } from './mix.js';

const world = useCreator();

describe('GET /api/v1/userProfile/creatorCounters', () => {
  it('counts what the events say, per creator and UTC day, each event once', async () => {
    const a = await world.creator('Ada Counts');
    const b = await world.creator('Bo Counts');
    const expected = await publishMix(world, { id: a.id, slug: a.profile.slug }, { id: b.id, slug: b.profile.slug });

    await expect.poll(async () => (await countersOf(world, a)).totals, { timeout: 30_000 }).toEqual(expected.a.totals);
    await expect.poll(async () => (await countersOf(world, b)).totals, { timeout: 30_000 }).toEqual(expected.b.totals);
    const answer = await countersOf(world, a);
    expect(CreatorCountersAnswerSchema.parse(answer)).toEqual({ from: yesterday, to: today, ...expected.a });
    expect((await countersOf(world, b)).days).toEqual(expected.b.days);
  });

  it('answers the last 30 days by default, every day present with zeros', async () => {
    const creator = await world.creator('Zed Zeros');
    const res = await counters(world, creator, '');
    expect(res.statusCode).toBe(200);
    const answer = CreatorCountersAnswerSchema.parse(res.json());
    expect(answer.to).toBe(new Date().toISOString().slice(0, 10));
    expect(answer.days).toHaveLength(30);
    expect(answer.days[0]!.day).toBe(answer.from);
    expect(answer.days.at(-1)!.day).toBe(answer.to);
    expect(answer.days.every(({ day: _day, ...counts }) => JSON.stringify(counts) === JSON.stringify(zeros()))).toBe(
      true,
    );
    expect(answer.totals).toEqual(zeros());
    // One day, or a whole leap year.
    expect((await countersOf(world, creator)).days.map((d) => d.day)).toEqual([yesterday, today]);
    const year = await counters(world, creator, 'from=2024-01-01&to=2024-12-31');
    expect(year.json().days).toHaveLength(366);
  });

  it('refuses a range backwards or over 366 days, and dates that are no dates', async () => {
    const creator = await world.creator('Rae Ranges');
    expectError(await counters(world, creator, `from=${today}&to=${yesterday}`), 'validation-failed');
    expectError(await counters(world, creator, 'from=2023-01-01&to=2024-01-02'), 'validation-failed');
    expectError(await counters(world, creator, 'from=2024-02-30'), 'validation-failed');
    expectError(await counters(world, creator, 'from=yesterday'), 'validation-failed');
    // Far-away days answer at once (walking to year 9999 day by day once never ended).
    expectError(await counters(world, creator, 'to=9999-12-31'), 'validation-failed');
    expectError(await counters(world, creator, 'from=0001-01-01&to=9999-12-30'), 'validation-failed');
    expectError(await counters(world, creator, 'from=2000-01-01&to=2099-12-31'), 'validation-failed');
    expectError(await counters(world, creator, 'creator=someone-else'), 'validation-failed');
  });

  it('shows a creator only their own counters; customers and strangers get none', async () => {
    const owner = await world.creator('Own Counts');
    const view = { creatorId: owner.id, day: today, newVisitor: true };
    await world.publish('creator.club.viewed', owner.id, view);
    await expect.poll(async () => (await countersOf(world, owner)).totals.pageViews, { timeout: 20_000 }).toBe(1);

    const other = await world.creator('Other Counts');
    expect((await countersOf(world, other)).totals).toEqual(zeros());
    expectError(await counters(world, await world.caller()), 'forbidden');
    expectError(
      await world.app.inject({ method: 'GET', url: '/api/v1/userProfile/creatorCounters' }),
      'unauthenticated',
    );
  });
});
