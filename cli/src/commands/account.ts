// login, logout, whoami: the support person's own session with a platform.
import { ApiError, endpoints } from '@travelclub/contracts';
import type { Command } from 'commander';
import { act, examples } from '../context.js';
import { signedOut, unreachable } from '../failure.js';
import { when } from '../output.js';
import { askEmail, askPassword, readStdin } from '../prompts.js';
import { credentialsPath, saveSession, savedSession, sessionOf } from '../session.js';

const isStaff = (roles: string[]) => roles.includes('role/support');

export function accountCommands(program: Command) {
  examples(
    act(
      program
        .command('login')
        .description('sign in with a support account; the session is kept in your config directory (0600)')
        .option('--email <email>', 'the account (asked for on a terminal)')
        .option('--password-stdin', 'read the password from stdin instead of asking'),
      async (ctx, options: { email?: string; passwordStdin?: boolean }) => {
        const email = options.email ?? (await askEmail());
        const password = options.passwordStdin ? await readStdin() : await askPassword();
        const answer = await ctx.anonymous.call(endpoints.auth.signIn, { body: { email, password } });
        await saveSession(ctx.api, sessionOf(answer.user, answer));
        ctx.out.done(`Signed in to ${ctx.api} as ${answer.user.email ?? email}`);
        if (!isStaff(answer.user.roles))
          process.stderr.write(
            'warning: this account is not support staff (role/support): the platform will refuse support commands\n',
          );
      },
    ),
    [
      'travelclub login',
      'travelclub login --email support@travelclub.local',
      'printf %s "$PASSWORD" | travelclub login --email support@travelclub.local --password-stdin',
      'travelclub --api https://travelclub.example login',
    ],
  );

  examples(
    act(
      program.command('logout').description('end the session: the platform revokes its refresh token'),
      async (ctx) => {
        const saved = await savedSession(ctx.api);
        if (!saved) throw signedOut(`You are not signed in to ${ctx.api}.`);
        try {
          await ctx.anonymous.call(endpoints.auth.signOut, { body: { refreshToken: saved.refreshToken } });
        } catch (err) {
          // The token is forgotten here all the same; an unreachable platform is said, not hidden.
          if (!(err instanceof ApiError) || !unreachable(err)) throw err;
          process.stderr.write(`warning: could not reach ${ctx.api} to revoke the session; it was forgotten here\n`);
        }
        await saveSession(ctx.api, undefined);
        ctx.out.done(`Signed out of ${ctx.api}`);
      },
    ),
    ['travelclub logout'],
  );

  examples(
    act(program.command('whoami').description('who you are signed in as, and where'), async (ctx) => {
      const me = await ctx.client.call(endpoints.auth.me, {});
      const saved = await savedSession(ctx.api);
      ctx.out.result({ api: ctx.api, ...me, signedInAt: saved?.signedInAt, credentials: credentialsPath() }, (v) =>
        ctx.out.fields([
          ['Email', v.email],
          ['Account', v.id],
          ['Roles', v.roles.join(', ')],
          ['Platform', v.api],
          ['Signed in', when(v.signedInAt)],
          ['Support staff', isStaff(v.roles) ? 'yes' : ctx.out.colors.red('no: support commands will be refused')],
        ]),
      );
    }),
    ['travelclub whoami', 'travelclub whoami --json'],
  );
}
