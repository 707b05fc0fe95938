// A development and test mailbox: an SMTP server that keeps every mail it receives in memory and shows
// them over HTTP, so sign-in links can be followed without a real mail account. Nothing is ever relayed.
// Alone: node scripts/mail-catcher.mjs (SMTP on 1025, HTTP on 1080).
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

/**
 * @typedef {object} CaughtMail
 * @property {string} id Increasing number, as text.
 * @property {string} receivedAt ISO 8601.
 * @property {string} from The sender's address (the From header, else the envelope sender).
 * @property {string} fromName The From header's display name, or ''.
 * @property {string[]} to Every address the mail was delivered to (the SMTP envelope, so Bcc included).
 * @property {string} subject
 * @property {string} text The plain-text part, or ''.
 * @property {string} html The HTML part, or ''.
 * @property {string | null} date The Date header, as ISO 8601 when it parses.
 * @property {string | null} messageId The Message-ID header, angle brackets included.
 * @property {{ key: string, value: string }[]} headers Every header in order; keys in lower case.
 */

/** Far above any mail of ours; a bigger one is refused rather than held in memory. */
const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/** Resolves once `server` listens; when `fallback` is set and the port is taken, listens on any free port. */
function listen(server, port, host, fallback) {
  return new Promise((resolve, reject) => {
    const onError = (err) => {
      if (fallback && port !== 0 && err.code === 'EADDRINUSE') {
        listen(server, 0, host, false).then(resolve, reject);
      } else {
        reject(err);
      }
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve(server.address().port);
    });
  });
}

const closeHttp = (server) =>
  new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    // Keep-alive clients would otherwise hold the close open.
    server.closeAllConnections();
  });

const closeSmtp = (smtp) =>
  new Promise((resolve) => {
    if (!smtp.server.listening) return resolve();
    smtp.close(() => resolve());
  });

const addressOf = (address) => (address && address.address ? address.address : '');

/** The mails kept, oldest first; past `maxMessages` the oldest go. */
function mailbox(maxMessages) {
  /** @type {CaughtMail[]} */
  let mails = [];
  let sequence = 0;
  return {
    /** @param {Omit<CaughtMail, 'id'>} mail kept under the next id */
    keep(mail) {
      mails.push({ id: String(++sequence), ...mail });
      if (mails.length > maxMessages) mails = mails.slice(mails.length - maxMessages);
    },
    all: () => mails,
    clear() {
      mails = [];
    },
  };
}

/** What is kept of a mail: its parsed content and the envelope of the session that delivered it. */
function caughtMail(email, session) {
  const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
  return {
    receivedAt: new Date().toISOString(),
    from: addressOf(email.from) || envelopeFrom,
    fromName: email.from && email.from.name ? email.from.name : '',
    to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
    subject: email.subject ?? '',
    text: email.text ?? '',
    html: email.html ?? '',
    date: email.date ?? null,
    messageId: email.messageId ?? null,
    headers: email.headers.map(({ key, value }) => ({ key, value })),
  };
}

/** The SMTP side: every mail it receives is parsed and kept in `box`. */
function smtpServer(box) {
  const smtp = new SMTPServer({
    // A local catcher: no TLS, no accounts, and quiet.
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    disableReverseLookup: true,
    logger: false,
    size: MAX_MESSAGE_BYTES,
    rejectOversized: true,
    // Senders keep pooled connections open; closing should not wait the default 30 s for them.
    closeTimeout: 500,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => {
        if (!stream.sizeExceeded) chunks.push(chunk);
      });
      stream.on('error', callback);
      stream.on('end', () => {
        if (stream.sizeExceeded) return callback(null); // the server answers 552 itself
        PostalMime.parse(Buffer.concat(chunks)).then(
          (email) => {
            box.keep(caughtMail(email, session));
            callback(null, 'Caught');
          },
          (err) => {
            const refusal = new Error(`Message could not be parsed: ${err.message}`);
            refusal.responseCode = 554;
            callback(refusal);
          },
        );
      });
    },
  });
  // Errors of single connections (a client hanging up) are the client's business, and a failed listen
  // reaches the caller through `listen`.
  smtp.on('error', () => undefined);
  return smtp;
}

/** The HTTP side: GET /messages (`?to=` one recipient's) reads the mails in `box`, DELETE empties it. */
function httpServer(box) {
  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://catcher');
    const answer = (status, body) => {
      res.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' });
      res.end(body === undefined ? undefined : JSON.stringify(body));
    };
    if (url.pathname !== '/messages') return answer(404, { error: 'only /messages is here' });
    if (req.method === 'GET') {
      const to = url.searchParams.get('to')?.trim().toLowerCase();
      const mails = box.all();
      return answer(200, to ? mails.filter((m) => m.to.some((a) => a.toLowerCase() === to)) : mails);
    }
    if (req.method === 'DELETE') {
      box.clear();
      return answer(204);
    }
    res.setHeader('allow', 'GET, DELETE');
    return answer(405, { error: 'GET or DELETE' });
  });
}

/**
 * Starts the catcher. Port 0 means any free port; `fallbackToFreePort` takes any free port when the
 * one asked for is taken. `maxMessages` bounds the memory: the oldest mails go first.
 *
 * @param {{ smtpPort?: number, httpPort?: number, host?: string, fallbackToFreePort?: boolean, maxMessages?: number }} [options]
 * @returns {Promise<{ smtpUrl: string, httpUrl: string, messages: () => CaughtMail[], close: () => Promise<void> }>}
 */
export async function startMailCatcher({
  smtpPort = 0,
  httpPort = 0,
  host = '127.0.0.1',
  fallbackToFreePort = false,
  maxMessages = 1000,
} = {}) {
  const box = mailbox(maxMessages);
  const smtp = smtpServer(box);
  const http = httpServer(box);
  try {
    const smtpBound = await listen(smtp.server, smtpPort, host, fallbackToFreePort);
    const httpBound = await listen(http, httpPort, host, fallbackToFreePort);
    // An IPv6 host needs brackets inside a URL.
    const urlHost = host.includes(':') ? `[${host}]` : host;
    return {
      smtpUrl: `smtp://${urlHost}:${smtpBound}`,
      httpUrl: `http://${urlHost}:${httpBound}`,
      messages: () => [...box.all()],
      close: async () => {
        await Promise.all([closeSmtp(smtp), closeHttp(http)]);
      },
    };
  } catch (err) {
    // One of the two may already listen: do not leave it behind.
    await Promise.all([closeSmtp(smtp), closeHttp(http)]);
    throw err;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const catcher = await startMailCatcher({ smtpPort: 1025, httpPort: 1080 });
  console.log(`Mail catcher: send to ${catcher.smtpUrl}, read at ${catcher.httpUrl}/messages`);
  const stop = () => void catcher.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
