// The store profile's reading of `jfr print`: each stage's share of the samples, a sample counted in every stage
// its stack passes through.
import { describe, expect, it } from 'vitest';
import { storeStages } from '../store-profile.js';

const sample = (...frames: string[]) =>
  [
    'jdk.ExecutionSample {',
    '  startTime = 08:24:15.396',
    '  sampledThread = "mongo-server-worker1" (javaThreadId = 15)',
    '  stackTrace = [',
    ...frames.map((frame) => `    ${frame}(Object, Object) line: 12`),
    '  ]',
    '}',
    '',
  ].join('\n');

describe('storeStages', () => {
  it('counts each sample in every stage on its stack, as a share of all samples', () => {
    const printed = [
      sample(
        'org.h2.mvstore.type.ObjectDataType.serialize',
        'org.h2.mvstore.type.ObjectDataType$SerializedObjectType.compare',
        'de.bwaldvogel.mongo.backend.h2.H2UniqueIndex.getPosition',
        'de.bwaldvogel.mongo.backend.AbstractMongoDatabase.commandInsert',
      ),
      sample(
        'SerializedKey$Type.compare',
        'SerializedKeyIndex.getPosition',
        'de.bwaldvogel.mongo.backend.AbstractMongoDatabase.commandUpdate',
      ),
      sample(
        'de.bwaldvogel.mongo.backend.DefaultQueryMatcher.matchPosition',
        'de.bwaldvogel.mongo.backend.AbstractMongoDatabase.commandUpdate',
      ),
      sample('org.h2.mvstore.FileStore.serializeAndStore', 'java.lang.Thread.run'),
    ].join('\n');
    const lines = storeStages(printed);
    expect(lines[0]).toMatch(/: 4$/);
    const share = (stage: string) =>
      lines
        .find((line) => line.endsWith(` ${stage}`))
        ?.trim()
        .split(' ')[0];
    expect(share('inserts')).toBe('25.0%');
    expect(share('updates')).toBe('50.0%');
    expect(share('unique index lookups and adds')).toBe('50.0%');
    expect(share('index key comparisons')).toBe('50.0%');
    expect(share('Java serialization (keys, documents)')).toBe('25.0%');
    expect(share('query matching')).toBe('25.0%');
    expect(share('MVStore page writes (commits)')).toBe('25.0%');
    expect(share('finds')).toBe('0.0%');
  });

  it('reads no samples as none, not as a division by zero', () => {
    const [count, ...stages] = storeStages('');
    expect(count).toMatch(/: 0$/);
    expect(stages.length).toBeGreaterThan(5);
    for (const line of stages) expect(line).toMatch(/^\s+0\.0% \w/);
  });
});
