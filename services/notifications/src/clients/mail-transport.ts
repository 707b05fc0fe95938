// The SMTP connection pool mail goes out through, from SMTP_URL. Timeouts are short on purpose: a send
// that hangs holds its job (and the sent-mail claim) until it gives up.
import { createTransport, type SMTPPoolSentMessageInfo, type SendMailOptions } from 'nodemailer';

/** The part of a nodemailer transport the worker uses. */
export interface MailTransport {
  sendMail(mail: SendMailOptions): Promise<SMTPPoolSentMessageInfo>;
  verify(): Promise<true>;
  close(): void;
}

export function createMailTransport(smtpUrl: string): MailTransport {
  return createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 5,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    dnsTimeout: 10_000,
  });
}

/** Where SMTP_URL points, without its credentials, for logs. */
export function smtpServerName(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  return `${url.protocol}//${url.host}`;
}
