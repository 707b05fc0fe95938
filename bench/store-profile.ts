// Where the local MongoDB-compatible server's own CPU goes while a bench measures (BENCH_STORE_PROFILE=1): a Java
// Flight Recorder recording of its JVM (jcmd and jfr come with the JDK that runs it), read back as the share of the
// server's samples spent in each stage below (a sample counts in every stage on its stack, so shares overlap).
// Only the local server that `npm run infra:up` started (its pid in .infra/state.json); anything else is skipped.
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { infraDir } from '../scripts/local-servers.mjs';

/** A stage: the frames (class and method, a prefix of them) whose presence on a sample's stack puts it there. */
const STAGES: [string, RegExp][] = [
  ['inserts', /AbstractMongoDatabase\.commandInsert$/],
  ['updates', /AbstractMongoDatabase\.commandUpdate$/],
  ['finds', /AbstractMongoDatabase\.commandFind$/],
  ['deletes', /AbstractMongoDatabase\.commandDelete$/],
  ['aggregates and counts', /AbstractMongoDatabase\.command(Aggregate|Count)$/],
  ['unique index lookups and adds', /(UniqueIndex|SerializedKeyIndex)\.(getPosition|putKeyPosition|removeDocument)$/],
  ['index key comparisons', /(ObjectDataType\$SerializedObjectType|SerializedKey\$Type)\.compare$/],
  ['Java serialization (keys, documents)', /ObjectDataType\.serialize$/],
  ['query matching', /DefaultQueryMatcher\.(matches|matchPosition)$/],
  ['MVStore page writes (commits)', /FileStore\.serializeAndStore$/],
  ['wire BSON', /wire\.bson\.Bson(Encoder|Decoder)\./],
];

export interface StoreProfile {
  /** Ends the recording and answers the lines to print. */
  stop(): string[];
}

/** Starts recording the local server behind `mongoUrl`, or says why it cannot. */
export function startStoreProfile(mongoUrl: string): StoreProfile | { skipped: string } {
  let pid: number | undefined;
  try {
    const state = JSON.parse(readFileSync(join(infraDir, 'state.json'), 'utf8'));
    if (state.mongo?.url === mongoUrl && state.mongo.startedByUs) pid = state.mongo.pid;
  } catch {
    // no local servers recorded
  }
  if (!pid) return { skipped: `${mongoUrl} is not the local server infra:up started` };
  const file = join(tmpdir(), `travelclub-store-${pid}-${Date.now()}.jfr`);
  const name = `bench-${Date.now()}`;
  try {
    execFileSync('jcmd', [String(pid), 'JFR.start', `name=${name}`, 'settings=profile', `filename=${file}`]);
  } catch (err) {
    return { skipped: `jcmd could not start a recording: ${(err as Error).message.split('\n')[0]}` };
  }
  return {
    stop() {
      execFileSync('jcmd', [String(pid), 'JFR.stop', `name=${name}`]);
      try {
        const printed = execFileSync('jfr', ['print', '--stack-depth', '64', '--events', 'jdk.ExecutionSample', file], {
          maxBuffer: 1 << 30,
        }).toString();
        return storeStages(printed);
      } finally {
        rmSync(file, { force: true });
      }
    },
  };
}

/** `jfr print`'s execution samples as each stage's share of them. */
export function storeStages(printed: string): string[] {
  const samples = printed.split('jdk.ExecutionSample').slice(1);
  const counts = new Map<string, number>();
  for (const sample of samples) {
    const frames = [...sample.matchAll(/^\s+([\w.$<>]+)\(/gm)].map((m) => m[1]!);
    for (const [stage, frame] of STAGES)
      if (frames.some((f) => frame.test(f))) counts.set(stage, (counts.get(stage) ?? 0) + 1);
  }
  const share = (n: number) => `${((100 * n) / Math.max(1, samples.length)).toFixed(1)}%`.padStart(6);
  return [
    `the MongoDB-compatible server's samples (Java Flight Recorder): ${samples.length}`,
    ...STAGES.map(([stage]) => `  ${share(counts.get(stage) ?? 0)} ${stage}`),
  ];
}
