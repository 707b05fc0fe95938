// health: every part of the platform behind the gateway and each part's own dependencies, as the gateway's
// GET /health answers them; exit code 1 when anything is down, 4 when the gateway itself does not answer.
import { GatewayHealthSchema, type GatewayHealth } from '@travelclub/contracts';
import type { Command } from 'commander';
import { act, examples, type Context } from '../context.js';
import { CliFailure, EXIT, PlatformTimeout } from '../failure.js';
import { fetchWithin } from '../session.js';

async function readHealth(api: string, timeout: number): Promise<GatewayHealth> {
  let res: Response;
  try {
    res = await fetchWithin(api, timeout)(`${api}/health`, { headers: { accept: 'application/json' } });
  } catch (err) {
    if (err instanceof PlatformTimeout) throw new CliFailure(err.message, EXIT.unreachable);
    throw new CliFailure(`Cannot reach the gateway at ${api}. Is the platform running?`, EXIT.unreachable);
  }
  const parsed = GatewayHealthSchema.safeParse(await res.json().catch(() => undefined));
  if (!parsed.success)
    throw new CliFailure(`${api}/health answered ${res.status} without a health report`, EXIT.unreachable);
  return parsed.data;
}

function print(ctx: Context, health: GatewayHealth) {
  const { out } = ctx;
  const rows = Object.entries(health.checks).map(([part, state]) => {
    const deps = Object.entries(health.dependencies[part] ?? {});
    const listed = deps.map(([dep, s]) => (s === 'up' ? dep : out.colors.red(`${dep} down`))).join(', ');
    return [part, out.state(state), listed || (state === 'down' ? out.colors.dim('did not answer') : '')];
  });
  out.table(['PART', 'STATE', 'DEPENDENCIES'], [['gateway', out.state('up'), ctx.api], ...rows]);
  out.line();
  out.line(health.status === 'ready' ? out.colors.green('Everything is up.') : out.colors.red('Something is down.'));
}

export function healthCommand(program: Command) {
  examples(
    act(
      program.command('health').description('every part and its dependencies; exits 1 when anything is down'),
      async (ctx) => {
        const health = await readHealth(ctx.api, ctx.timeout);
        ctx.out.result(health, (h) => print(ctx, h));
        if (health.status !== 'ready') process.exitCode = EXIT.refused;
      },
    ),
    ['travelclub health', 'travelclub health --json | jq .dependencies', 'travelclub health || page-the-on-call'],
  );
}
