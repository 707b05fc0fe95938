// Who the command line acts as: the refresh token `travelclub login` got, kept per platform in the OS user's
// config directory (~/.config/travelclub on Linux, XDG_CONFIG_HOME honoured), readable by that user only (0600).
// Each command uses the cached access token while it lasts and otherwise rotates the refresh token. Every write
// of the file holds one lock, so two commands at once never spend the same refresh token, and a refresh ending
// after a logout cannot bring the session back.
import { ApiError, createApiClient, endpoints, type ApiClient, type AccountView } from '@travelclub/contracts';
import envPaths from 'env-paths';
import { randomUUID } from 'node:crypto';
import { chmod, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEFAULT_TIMEOUT_S, PlatformTimeout, signedOut } from './failure.js';

export const DEFAULT_API = 'http://127.0.0.1:8080';

export interface SavedSession {
  email: string;
  userId: string;
  roles: string[];
  refreshToken: string;
  accessToken?: string;
  /** Epoch milliseconds. */
  accessExpiresAt?: number;
  signedInAt: string;
}

interface CredentialsFile {
  sessions: Record<string, SavedSession>;
}

export const configDir = () => envPaths('travelclub', { suffix: '' }).config;
export const credentialsPath = () => join(configDir(), 'credentials.json');

/** The platform's address, without a trailing slash: --api, then TRAVELCLUB_API, then the local default. */
export const apiUrl = (flag: string | undefined) =>
  (flag ?? process.env.TRAVELCLUB_API ?? DEFAULT_API).replace(/\/+$/, '');

/** The saved sessions; none when there is no file yet. A file that cannot be read is said, never overwritten. */
async function readCredentials(): Promise<CredentialsFile> {
  let text: string;
  try {
    text = await readFile(credentialsPath(), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { sessions: {} };
    throw err;
  }
  try {
    const parsed = JSON.parse(text) as CredentialsFile;
    if (parsed && typeof parsed.sessions === 'object') return parsed;
  } catch {
    // Said below.
  }
  throw new Error(`${credentialsPath()} is not a travelclub credentials file: remove it and run \`travelclub login\``);
}

/** Writes the file whole (a new file renamed over the old), created 0600 in a 0700 directory. */
async function writeCredentials(file: CredentialsFile): Promise<void> {
  await mkdir(configDir(), { recursive: true, mode: 0o700 });
  // A directory made earlier (by hand, or wider) is narrowed to its owner too.
  await chmod(configDir(), 0o700);
  const temporary = `${credentialsPath()}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
  await chmod(temporary, 0o600);
  await rename(temporary, credentialsPath());
}

export async function savedSession(api: string): Promise<SavedSession | undefined> {
  return (await readCredentials()).sessions[api];
}

/** Writes `api`'s session, or removes it, under the session lock (login and logout). */
export const saveSession = (api: string, session: SavedSession | undefined) =>
  withSessionLock(() => writeSession(api, session));

/** The file's read-change-write: only with the session lock held. */
async function writeSession(api: string, session: SavedSession | undefined): Promise<void> {
  const file = await readCredentials();
  if (session) file.sessions[api] = session;
  else delete file.sessions[api];
  await writeCredentials(file);
}

/** A lock older than this was left by a command that died (a refresh takes seconds at most). */
const STALE_LOCK_MS = 30_000;
/** A refresh gives up well before another command would take its lock as stale. */
const REFRESH_TIMEOUT_MS = 10_000;

/**
 * Runs `work` holding the session lock: a directory made atomically, holding this command's nonce, so only the
 * command that made it removes it. A lock older than STALE_LOCK_MS is taken over. Every write of the
 * credentials holds it: a refresh finishing after a logout cannot write the session back, and two commands
 * never write over each other's change.
 */
async function withSessionLock<T>(work: () => Promise<T>): Promise<T> {
  const lock = join(configDir(), 'session.lock');
  const nonce = join(lock, `${process.pid}-${randomUUID()}`);
  await mkdir(configDir(), { recursive: true, mode: 0o700 });
  for (;;) {
    try {
      await mkdir(lock);
      await writeFile(nonce, '');
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const age = await stat(lock).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      );
      if (age > STALE_LOCK_MS) await rm(lock, { recursive: true, force: true });
      else await sleep(100);
    }
  }
  try {
    return await work();
  } finally {
    // Ours only if our nonce is still in it (a stale take-over would have removed it).
    if (
      await stat(nonce).then(
        () => true,
        () => false,
      )
    )
      await rm(lock, { recursive: true, force: true });
  }
}

export function sessionOf(
  account: AccountView,
  tokens: { refreshToken: string; accessToken: string; expiresIn: number },
) {
  return {
    email: account.email ?? '',
    userId: account.id,
    roles: account.roles,
    refreshToken: tokens.refreshToken,
    accessToken: tokens.accessToken,
    accessExpiresAt: Date.now() + tokens.expiresIn * 1000,
    signedInAt: new Date().toISOString(),
  } satisfies SavedSession;
}

/** A valid access token for `api`: the cached one, or a new one from the refresh token (which rotates). */
export async function accessToken(api: string, anonymous: ApiClient): Promise<string> {
  const fresh = (s: SavedSession | undefined) =>
    s?.accessToken && s.accessExpiresAt && s.accessExpiresAt - Date.now() > 30_000 ? s.accessToken : undefined;
  const cached = await savedSession(api);
  if (!cached) throw signedOut();
  const ready = fresh(cached);
  if (ready) return ready;
  return withSessionLock(async () => {
    // Another command may have refreshed while this one waited for the lock.
    const current = await savedSession(api);
    if (!current) throw signedOut();
    const already = fresh(current);
    if (already) return already;
    try {
      const answer = await anonymous.call(
        endpoints.auth.refreshToken,
        {
          body: { refreshToken: current.refreshToken },
        },
        { signal: AbortSignal.timeout(REFRESH_TIMEOUT_MS) },
      );
      await writeSession(api, { ...sessionOf(answer.user, answer), signedInAt: current.signedInAt });
      return answer.accessToken;
    } catch (err) {
      if (err instanceof ApiError && (err.code === 'invalid-refresh-token' || err.status === 401)) {
        await writeSession(api, undefined);
        throw signedOut('Your session has ended (signed out or revoked). Run `travelclub login` again.');
      }
      throw err;
    }
  });
}

const NULL_BODY = new Set([101, 204, 205, 304]);

/**
 * `fetch` that gives up after `seconds` (answer and body): a gateway that takes the connection and never
 * answers ends the command with a PlatformTimeout instead of holding it forever.
 */
export function fetchWithin(api: string, seconds: number): typeof fetch {
  return async (input, init) => {
    const deadline = AbortSignal.timeout(seconds * 1000);
    const signal = init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline;
    try {
      const res = await fetch(input, { ...init, signal });
      // The body is read here, inside the deadline, so a stalled answer half-way is the same time-out.
      const body = await res.arrayBuffer();
      return new Response(NULL_BODY.has(res.status) ? null : body, {
        status: res.status,
        statusText: res.statusText,
        headers: res.headers,
      });
    } catch (err) {
      if (deadline.aborted) throw new PlatformTimeout(api, seconds);
      throw err;
    }
  };
}

/** The platform's typed client: `anonymous` sends no token; `signedIn` sends the session's access token. */
export function clients(api: string, timeoutSeconds = DEFAULT_TIMEOUT_S) {
  const timed = fetchWithin(api, timeoutSeconds);
  const anonymous = createApiClient({ baseUrl: api, fetch: timed });
  const signedIn = createApiClient({
    baseUrl: api,
    fetch: timed,
    headers: async () => ({ authorization: `Bearer ${await accessToken(api, anonymous)}` }),
  });
  return { anonymous, signedIn };
}
