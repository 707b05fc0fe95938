// A benchmark whose part dies early ends, and first stops the rest of what it started (its `beforeExit`):
// once, a web server that could not start left a whole stack of services running beside the next run.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

describe('processGroup', () => {
  it('stops what else the benchmark started, then exits 1, when a part dies early', () => {
    const dir = mkdtempSync(join(tmpdir(), 'process-group-'));
    const marker = join(dir, 'stopped');
    writeFileSync(join(dir, 'dies.ts'), 'process.exit(3);\n');
    writeFileSync(
      join(dir, 'bench.ts'),
      [
        `import { writeFileSync } from 'node:fs';`,
        `import { processGroup } from '${join(import.meta.dirname, '../src/processes.ts')}';`,
        `const group = processGroup({ beforeExit: async () => writeFileSync(${JSON.stringify(marker)}, 'yes') });`,
        `group.start(${JSON.stringify(join(dir, 'dies.ts'))}, {});`,
        // The benchmark would go on with its work: only the dying part ends it.
        `setTimeout(() => process.exit(0), 20_000);`,
      ].join('\n'),
    );
    const run = spawnSync(process.execPath, ['--import', 'tsx', join(dir, 'bench.ts')], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('dies.ts exited early (3)');
    expect(readFileSync(marker, 'utf8')).toBe('yes');
  });
});
