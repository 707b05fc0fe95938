// users show | grant-role | revoke-role | revoke-sessions, creators requests | verify | refuse, subscribers show.
import {
  endpoints,
  VerificationStatusSchema,
  type StaffVerificationRequest,
  type SupportAccount,
} from '@travelclub/contracts';
import type { Command } from 'commander';
import { act, examples, type Context } from '../context.js';
import { refused, usage } from '../failure.js';
import { when } from '../output.js';
import { confirmChange } from '../prompts.js';
import { findAccount } from './lookups.js';
import { reasonText, wholeNumber } from './options.js';

const ROLES = ['customer', 'creator'] as const;
const roleClaim = (role: string) => {
  const bare = role.replace(/^role\//, '');
  if (!(ROLES as readonly string[]).includes(bare)) throw usage(`The role must be one of: ${ROLES.join(', ')}`);
  return `role/${bare}` as `role/${(typeof ROLES)[number]}`;
};

function printAccount(ctx: Context, a: SupportAccount) {
  const { out } = ctx;
  out.fields([
    ['Account', a.id],
    ['Email', a.email ?? out.colors.dim('(anonymous)')],
    ['Name', a.displayName],
    ['Roles', a.roles.join(', ')],
    ['Email verified', a.emailVerified ? 'yes' : 'no'],
    ['Created', when(a.createdAt)],
    ['Last sign-in', when(a.lastSignInAt)],
    ['Active sessions', a.activeSessions],
  ]);
  out.heading('Staff actions');
  out.table(
    ['AT', 'STAFF', 'ACTION', 'ROLE', 'REASON'],
    a.staffActions.map((s) => [when(s.at), s.staffId, s.action, s.role ?? '', s.reason]),
    'None.',
  );
  // Every change of the roles since sign-up, the holder's own (becoming a creator) included.
  out.heading('Role changes');
  out.table(
    ['AT', 'ACTION', 'ROLE', 'BY'],
    a.roleChanges.map((c) => [when(c.at), c.action, c.role, c.by === 'staff' ? `staff ${c.staffId ?? ''}` : 'self']),
    'None.',
  );
}

async function changeRole(
  ctx: Context,
  who: string,
  role: string,
  action: 'grant' | 'revoke',
  options: { reason: string; yes?: boolean },
) {
  const claim = roleClaim(role);
  const account = await findAccount(ctx, who);
  const { reason } = options;
  await confirmChange(
    `${action === 'grant' ? 'Grant' : 'Revoke'} ${claim} ${action === 'grant' ? 'to' : 'from'} ${account.email ?? account.id}?`,
    options.yes,
  );
  const changed = await ctx.client.call(endpoints.auth.changeAccountRole, {
    params: { id: account.id },
    body: { role: claim, action, reason },
  });
  ctx.out.result(changed, (a) => {
    ctx.out.done(
      `${action === 'grant' ? 'Granted' : 'Revoked'} ${claim} ${action === 'grant' ? 'to' : 'from'} ${a.email ?? a.id}; it applies at their next token refresh.`,
    );
    ctx.out.line(`Roles now: ${a.roles.join(', ')}`);
  });
}

function userCommands(program: Command) {
  const users = program.command('users').alias('user').description('accounts: roles and sessions');
  examples(
    act(
      users.command('show').description('an account, its roles, sessions and staff actions').argument('<email|id>'),
      async (ctx, who: string) => {
        const account = await findAccount(ctx, who);
        ctx.out.result(account, (a) => printAccount(ctx, a));
      },
    ),
    ['travelclub users show ana@example.com', 'travelclub users show 6745f0c2a1b2c3d4e5f60718 --json'],
  );
  for (const action of ['grant', 'revoke'] as const)
    examples(
      act(
        users
          .command(`${action}-role`)
          .description(`${action} a traveller's or creator's role (customer, creator)`)
          .argument('<email|id>')
          .argument('<role>', 'customer or creator')
          .requiredOption('--reason <text>', 'why (kept with your staff id)', reasonText)
          .option('-y, --yes', 'do not ask to confirm'),
        (ctx, who: string, role: string, options: { reason: string; yes?: boolean }) =>
          changeRole(ctx, who, role, action, options),
      ),
      [`travelclub users ${action}-role ana@example.com creator --reason "verified by phone" --yes`],
    );
  examples(
    act(
      users
        .command('revoke-sessions')
        .description('sign the account out everywhere: every refresh token and browser session stops working')
        .argument('<email|id>')
        .requiredOption('--reason <text>', 'why (kept with your staff id)', reasonText)
        .option('-y, --yes', 'do not ask to confirm'),
      async (ctx, who: string, options: { reason: string; yes?: boolean }) => {
        const account = await findAccount(ctx, who);
        await confirmChange(
          `Sign ${account.email ?? account.id} out of ${account.activeSessions} session(s)?`,
          options.yes,
        );
        const answer = await ctx.client.call(endpoints.auth.revokeSessions, {
          params: { id: account.id },
          body: { reason: options.reason },
        });
        ctx.out.result(answer, (a) =>
          ctx.out.done(`Revoked ${a.revoked} session(s) of ${a.account.email ?? a.account.id}.`),
        );
      },
    ),
    ['travelclub users revoke-sessions ana@example.com --reason "phone stolen" --yes'],
  );
}

/** The pending verification request of a creator, by their handle. */
async function pendingRequest(ctx: Context, handle: string) {
  const { requests } = await ctx.client.call(endpoints.creator.listVerifications, {
    query: { handle, status: 'pending' },
  });
  const request = requests[0];
  if (!request) throw refused(`No pending verification request for ${handle}`);
  return request;
}

/** One request as staff check it before deciding: whose, when, the links the creator gave and their note. */
function printRequest(ctx: Context, r: StaffVerificationRequest) {
  const { out } = ctx;
  out.fields([
    ['Handle', r.handle ?? '(no club)'],
    ['Request', r.id],
    ['Creator', r.userId],
    ['Status', out.state(r.status)],
    ['Requested', when(r.createdAt)],
    ['Decided', r.decidedAt ? `${when(r.decidedAt)}${r.decidedBy ? ` by ${r.decidedBy}` : ''}` : undefined],
    ['Reason', r.reason],
  ]);
  out.heading('Links');
  if (r.links.length) r.links.forEach((link) => out.line(`  ${link}`));
  else out.line(out.colors.dim('  none given'));
  out.heading('Note');
  out.line(r.note ? r.note.replace(/^/gm, '  ') : out.colors.dim('  none given'));
}

function creatorCommands(program: Command) {
  const creators = program.command('creators').alias('creator').description("creators' verification requests");
  examples(
    act(
      creators
        .command('requests')
        .description(
          'verification requests waiting for a decision (oldest first), or one creator’s with its links and note',
        )
        .argument('[handle]', "a creator's club address: show their request in full")
        .option('--status <status>', `pending, approved or refused`, 'pending')
        .option('--limit <n>', 'at most this many (1 to 100)', wholeNumber('limit', 1, 100), 50),
      async (ctx, handle: string | undefined, options: { status: string; limit: number }) => {
        const status = VerificationStatusSchema.safeParse(options.status);
        if (!status.success) throw usage('--status must be one of: pending, approved, refused');
        const { requests } = await ctx.client.call(endpoints.creator.listVerifications, {
          query: { status: status.data, limit: options.limit, ...(handle ? { handle } : {}) },
        });
        if (handle) {
          const request = requests[0];
          if (!request) throw refused(`No ${status.data} verification request for ${handle}`);
          ctx.out.result(request, (r) => printRequest(ctx, r));
          return;
        }
        ctx.out.result({ requests }, (a) =>
          ctx.out.table(
            ['HANDLE', 'REQUESTED', 'STATUS', 'LINKS', 'NOTE'],
            a.requests.map((r) => [
              r.handle ?? r.userId,
              when(r.createdAt),
              ctx.out.state(r.status),
              r.links.join('\n'),
              r.note ?? '',
            ]),
            `No ${status.data} verification requests.`,
          ),
        );
      },
    ),
    [
      'travelclub creators requests',
      'travelclub creators requests lisbon-lena',
      'travelclub creators requests --status refused --limit 10 --json',
    ],
  );
  examples(
    act(
      creators
        .command('verify')
        .description("approve a creator's pending verification request")
        .argument('<handle>')
        .option('-y, --yes', 'do not ask to confirm'),
      async (ctx, handle: string, options: { yes?: boolean }) => {
        const request = await pendingRequest(ctx, handle);
        // What is being approved, before the question: the links and the note the creator gave.
        if (!ctx.out.json) {
          printRequest(ctx, request);
          ctx.out.line();
        }
        await confirmChange(`Verify ${handle}? Their club shows the verified badge.`, options.yes);
        const decided = await ctx.client.call(endpoints.creator.decideVerification, {
          params: { id: request.id },
          body: { decision: 'approve' },
        });
        ctx.out.result(decided, () => ctx.out.done(`Verified ${handle} (request ${decided.id}).`));
      },
    ),
    ['travelclub creators verify lisbon-lena', 'travelclub creators verify lisbon-lena --yes'],
  );
  examples(
    act(
      creators
        .command('refuse')
        .description("refuse a creator's pending verification request; the reason is shown to the creator")
        .argument('<handle>')
        .requiredOption('--reason <text>', 'written for the creator', reasonText)
        .option('-y, --yes', 'do not ask to confirm'),
      async (ctx, handle: string, options: { reason: string; yes?: boolean }) => {
        const request = await pendingRequest(ctx, handle);
        await confirmChange(`Refuse ${handle}'s verification? They read: "${options.reason}"`, options.yes);
        const decided = await ctx.client.call(endpoints.creator.decideVerification, {
          params: { id: request.id },
          body: { decision: 'refuse', reason: options.reason },
        });
        ctx.out.result(decided, () => ctx.out.done(`Refused ${handle}'s verification (request ${decided.id}).`));
      },
    ),
    ['travelclub creators refuse lisbon-lena --reason "The linked channels do not belong to you" --yes'],
  );
  const subscribers = program.command('subscribers').alias('subscriber').description("clubs' mail subscribers");
  examples(
    act(
      subscribers.command('show').description('the clubs an address subscribes to').argument('<email>'),
      async (ctx, email: string) => {
        const answer = await ctx.client.call(endpoints.creator.supportSubscriber, { query: { email } });
        ctx.out.result(answer, (a) =>
          ctx.out.table(
            ['SUBSCRIPTION', 'CLUB', 'STATUS', 'SINCE', 'CONFIRMED', 'LEFT'],
            a.subscriptions.map((s) => [
              s.id,
              s.creator ?? s.creatorId,
              ctx.out.state(s.status),
              when(s.createdAt),
              when(s.confirmedAt),
              when(s.unsubscribedAt),
            ]),
            `${a.email} subscribes to no club.`,
          ),
        );
      },
    ),
    ['travelclub subscribers show ana@example.com'],
  );
}

export function accountsCommands(program: Command) {
  userCommands(program);
  creatorCommands(program);
}
