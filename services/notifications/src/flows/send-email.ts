// Sends the mail of one `emails` job: render the template, claim the idempotency key in the sent-mail log,
// send, mark sent. Claim-then-send makes sending at most once: a crash between the send and the mark loses
// that mail (the job fails as "in doubt") rather than sending it twice.
import { createHash, randomUUID } from 'node:crypto';
import type { JobPayload } from '@travelclub/contracts';
import { UnrecoverableError, type Logger } from '@travelclub/kit';
import type { MailTransport } from '../clients/mail-transport.js';
import { renderEmail, TemplateError } from '../domain/templates.js';
import { claimSending, markSent, releaseClaim, type SentMailModel } from '../store/sent-mails.js';

export type EmailJob = JobPayload<'emails'>;

export type SendOutcome = { status: 'sent'; messageId: string } | { status: 'skipped'; reason: 'already-sent' };

export interface SendEmailDeps {
  sentMails: SentMailModel;
  transport: Pick<MailTransport, 'sendMail'>;
  /** The From of every mail (MAIL_FROM). */
  from: string;
  log: Logger;
  /**
   * A claim this old that was never marked sent belongs to an attempt that died mid-send. It is far longer
   * than a send can take with the transport's timeouts, so a younger claim is an attempt still at work.
   */
  inDoubtAfterMs?: number;
}

/**
 * The same key always gives the same Message-ID, so in the one case where a mail could go out twice (the
 * connection lost after the server took the message, before its answer) receivers can tell the copies apart.
 */
function messageIdFor(idempotencyKey: string, from: string): string {
  const domain = /@([^\s<>@]+)>?\s*$/.exec(from)?.[1] ?? 'travelclub.local';
  const hash = createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 32);
  return `<${hash}@${domain}>`;
}

/**
 * The extra headers of a mail: RFC 8058 one-click unsubscribe for mails to a creator's subscribers. The URL
 * goes out as the WHATWG parser writes it, so nothing in it can end the header or its angle brackets.
 */
function headersOf({ listUnsubscribe }: EmailJob): Record<string, string> | undefined {
  if (!listUnsubscribe) return undefined;
  return {
    'List-Unsubscribe': `<${new URL(listUnsubscribe).href}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

export function createSendEmail({ sentMails, transport, from, log, inDoubtAfterMs = 5 * 60_000 }: SendEmailDeps) {
  return async function sendEmail(job: EmailJob): Promise<SendOutcome> {
    const { to, template, data, idempotencyKey, redacted } = job;
    // Its one-time link was taken out when it was done with: there is nothing left to send (ask for a new one).
    if (redacted) throw new UnrecoverableError(`mail ${idempotencyKey} was redacted: its link is gone`);
    let mail;
    try {
      mail = renderEmail(template, data);
    } catch (err) {
      // A job whose data does not fit will not fit on the next attempt either.
      if (err instanceof TemplateError) throw new UnrecoverableError(err.message);
      throw err;
    }

    const claimedBy = randomUUID();
    const messageId = messageIdFor(idempotencyKey, from);
    const claim = await claimSending(sentMails, {
      _id: idempotencyKey,
      to,
      template,
      subject: mail.subject,
      claimedBy,
      claimedAt: new Date(),
      messageId,
    });
    if (!claim.claimed) {
      const existing = claim.existing;
      if (existing?.status === 'sent') return { status: 'skipped', reason: 'already-sent' };
      if (!existing || Date.now() - existing.claimedAt.getTime() < inDoubtAfterMs) {
        // Another attempt holds the key right now (or just gave it back): look again after the backoff.
        throw new Error(`mail ${idempotencyKey} is being sent by another attempt`);
      }
      log.error(
        { idempotencyKey, template, claimedAt: existing.claimedAt },
        'mail in doubt: claimed but never marked sent; not sending it again',
      );
      throw new UnrecoverableError(
        `mail ${idempotencyKey} was claimed at ${existing.claimedAt.toISOString()} and never marked sent; ` +
          'it may or may not have gone out, so it is not sent again',
      );
    }

    let info;
    try {
      const { subject, text, html } = mail;
      info = await transport.sendMail({ from, to, subject, text, html, messageId, headers: headersOf(job) });
    } catch (err) {
      // The server refused the mail or could not be reached, so it was not sent: let a retry send it.
      await releaseClaim(sentMails, idempotencyKey, claimedBy).catch((releaseErr: unknown) =>
        log.error({ err: releaseErr, idempotencyKey }, 'could not release the claim of a mail that was not sent'),
      );
      throw err;
    }

    const sent = { messageId: info.messageId || messageId, sentAt: new Date() };
    try {
      await markSent(sentMails, idempotencyKey, claimedBy, sent);
    } catch (err) {
      // The mail is out: failing the job now would only report a sent mail as failed.
      log.error({ err, idempotencyKey, messageId: sent.messageId }, 'mail sent, but could not be marked sent');
    }
    log.info({ to, template, messageId: sent.messageId }, 'mail sent');
    return { status: 'sent', messageId: sent.messageId };
  };
}
