// The mails TravelClub sends: each template and its data rendered to a subject, an HTML part and a text
// part. Pure. Every value that goes into HTML passes through the `markup` tag, which escapes it.
import { emailTemplateDataSchemas, type EmailTemplateSchema } from '@travelclub/contracts';
import type { z } from 'zod';

export type EmailTemplate = z.infer<typeof EmailTemplateSchema>;

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** The data does not fit the template, or the template is not written: trying again cannot help. */
export class TemplateError extends Error {
  override name = 'TemplateError';
}

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (value: string | number) => String(value).replace(/[&<>"']/g, (c) => entities[c] ?? c);

/**
 * A template literal tag: the literal parts are trusted markup, every interpolated value is escaped. (Not
 * named `html`, which Prettier would take for HTML to reformat.)
 */
function markup(parts: TemplateStringsArray, ...values: (string | number)[]): string {
  return parts.reduce((out, part, i) => out + part + (i < values.length ? escapeHtml(values[i] ?? '') : ''), '');
}

const MUTED = 'font-size:13px;line-height:1.5;color:#5b6472;';

/**
 * The page every mail is: its title, heading, greeting and first paragraph, then `content` and the `footer`
 * (both markup already escaped), on one card.
 */
function mailPage(
  top: { title: string; heading: string; hello: string; intro: string },
  content: string,
  footer = 'TravelClub',
) {
  return (
    markup`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${top.title}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Helvetica,Arial,sans-serif;color:#1d2433;">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px;">
<h1 style="font-size:20px;margin:0 0 16px;">${top.heading}</h1>
<p style="line-height:1.5;">${top.hello}</p>
<p style="line-height:1.5;">${top.intro}</p>
` +
    content +
    `</div>
<p style="text-align:center;font-size:12px;color:#8a93a3;">${footer}</p>
</body>
</html>
`
  );
}

/** The mail's one button. */
const button = (label: string, link: string) =>
  markup`<p style="margin:24px 0;"><a href="${link}" style="background:#0b6e4f;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block;">${label}</a></p>
`;

/** A small grey paragraph. */
const note = (text: string) => markup`<p style="${MUTED}">${text}</p>
`;

/** The button's link written out, for a mail program that shows no button. */
const linkWrittenOut = (link: string) =>
  markup`<p style="${MUTED}">If the button does not work, open this address in your browser:<br><a href="${link}" style="color:#0b6e4f;word-break:break-all;">${link}</a></p>
`;

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** 15 → "15 minutes", 60 → "1 hour", 2880 → "2 days". */
export function formatDuration(minutes: number): string {
  if (minutes % 1440 === 0) return plural(minutes / 1440, 'day');
  if (minutes % 60 === 0) return plural(minutes / 60, 'hour');
  return plural(minutes, 'minute');
}

/** A value that must stay on its one line of the text part (and of a subject header): line breaks become spaces. */
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

/**
 * The name to greet with, on one line. A name that looks like a web or mail address (`evil.example`,
 * `www.`, `://`, `@`) is left out: whoever typed the name must not be able to put a link into our mail.
 */
function greeting(publicName: string | undefined): string {
  const name = mentionable(publicName);
  return name ? `Hello ${name},` : 'Hello,';
}

/** A name on one line, or undefined when it looks like a web or mail address (see `greeting`). */
function mentionable(name: string | undefined): string | undefined {
  const line = name === undefined ? undefined : oneLine(name);
  return line && !/:\/\/|www\.|[a-z0-9-]\.[a-z]{2,}(?![a-z])|@/i.test(line) ? line : undefined;
}

/**
 * Text with every link in it made plain text: mail programs turn `https://…`, `www.…` and `name.tld` into links
 * of their own, so a stranger's message could carry a clickable link in our name. The scheme's `://` becomes
 * `[:]//` and a dot before a domain-like word `[.]`: still readable, and a reader can retype it if they trust it.
 */
export const unlinked = (text: string) =>
  text.replace(/:\/\//g, '[:]//').replace(/(?<=[\p{L}\p{N}_-])\.(?=\p{L}{2})/gu, '[.]');

/**
 * The booking's reference: its short one (`TC-…`), or for a mail queued before those its id, as the platform
 * makes them (letters, digits and dashes); anything else is not ours to put in a subject, and the subject then
 * goes without it.
 */
const referenceOf = (booking: { itineraryId: string; reference?: string | undefined }) =>
  [booking.reference, booking.itineraryId].find((text) => text !== undefined && /^[A-Za-z0-9-]{1,64}$/.test(text)) ??
  null;

type LinkTemplate = 'magic-link' | 'email-verification' | 'password-reset';
type BookingTemplate = 'booking-confirmation' | 'booking-cancelled';

interface LinkMailWords {
  subject: string;
  heading: string;
  intro: string;
  action: string;
  /** Why the mail can be ignored by someone who did not ask for it. */
  ignore: string;
}

const linkMails: Record<LinkTemplate, LinkMailWords> = {
  'magic-link': {
    subject: 'Your TravelClub sign-in link',
    heading: 'Sign in to TravelClub',
    intro: 'Use this link to sign in to TravelClub:',
    action: 'Sign in',
    ignore: 'If you did not ask to sign in, ignore this mail: nobody can sign in without the link.',
  },
  'email-verification': {
    subject: 'Verify your email address',
    heading: 'Verify your email address',
    intro: 'Please confirm that this address is yours with this link:',
    action: 'Verify my address',
    ignore: 'If you did not create a TravelClub account, ignore this mail.',
  },
  'password-reset': {
    subject: 'Reset your TravelClub password',
    heading: 'Reset your password',
    intro: 'Choose a new password for your TravelClub account with this link:',
    action: 'Choose a new password',
    ignore: 'If you did not ask for a new password, ignore this mail: your password stays as it is.',
  },
};

const isLinkTemplate = (template: EmailTemplate): template is LinkTemplate => Object.hasOwn(linkMails, template);

/** The mails whose link carries a one-time code (signs in, resets a password, proves an address). */
export const carriesOneTimeLink = (template: string): boolean =>
  Object.hasOwn(linkMails, template) || template === 'email-subscription-confirmation';

/** The template's data as its schema reads it, with an http(s) link; a TemplateError otherwise. */
function dataOf<T extends keyof typeof emailTemplateDataSchemas>(
  template: T,
  data: unknown,
): z.infer<(typeof emailTemplateDataSchemas)[T]> {
  const parsed = emailTemplateDataSchemas[template].safeParse(data);
  if (!parsed.success) {
    // Paths and messages only: the values may hold a link with its one-time code.
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || 'data'}: ${i.message}`).join('; ');
    throw new TemplateError(`${template} data does not fit: ${problems}`);
  }
  // A mail's one link must open a web page, never run script.
  if (!/^https?:$/.test(new URL(parsed.data.link).protocol))
    throw new TemplateError(`${template} link must be http(s)`);
  return parsed.data as z.infer<(typeof emailTemplateDataSchemas)[T]>;
}

function renderLinkMail(template: LinkTemplate, data: unknown): RenderedEmail {
  const { link, expiresInMinutes, publicName } = dataOf(template, data);

  const words = linkMails[template];
  const hello = greeting(publicName);
  const validity = `The link works for ${formatDuration(expiresInMinutes)}, and only once.`;
  const text = [hello, '', words.intro, '', link, '', validity, words.ignore, '', 'TravelClub', ''].join('\n');
  const top = { title: words.subject, heading: words.heading, hello, intro: words.intro };
  const html = mailPage(top, button(words.action, link) + linkWrittenOut(link) + note(`${validity} ${words.ignore}`));
  return { subject: words.subject, html, text };
}

const bookingMails: Record<BookingTemplate, { subject: string; heading: string; intro: string; action: string }> = {
  'booking-confirmation': {
    subject: 'Your booking is confirmed',
    heading: 'Your booking is confirmed',
    intro: 'Thank you: your payment went through and your rooms are booked.',
    action: 'See your booking',
  },
  'booking-cancelled': {
    subject: 'Your booking was cancelled',
    heading: 'Your booking was cancelled',
    intro: 'Your booking was cancelled and its rooms released.',
    action: 'See your trips',
  },
};

const isBookingTemplate = (template: EmailTemplate): template is BookingTemplate =>
  Object.hasOwn(bookingMails, template);

function renderBookingMail(template: BookingTemplate, data: unknown): RenderedEmail {
  const booking = dataOf(template, data);
  const words = bookingMails[template];
  // Fixed words and the platform's reference only: never a title or any other text the traveller chose.
  const reference = referenceOf(booking);
  const subject = reference ? `${words.subject} (reference ${reference})` : words.subject;
  const hello = greeting(booking.leadGuestName);
  // One list entry per room; a stray \r (a \r\n separator) or blank line makes no entry of its own.
  const stays = booking.stays
    .split('\n')
    .map(oneLine)
    .filter((line) => line !== '');
  const amounts: [string, string][] = [['Total', oneLine(booking.total)]];
  if ('refund' in booking)
    amounts.push(['Cancellation charge', oneLine(booking.charge)], ['Refund to your card', oneLine(booking.refund)]);
  const referenceLine = `Booking reference: ${reference ?? oneLine(booking.itineraryId)}`;
  const text = [
    hello,
    '',
    words.intro,
    '',
    ...stays.map((line) => `- ${line}`),
    '',
    ...amounts.map(([label, value]) => `${label}: ${value}`),
    referenceLine,
    '',
    booking.link,
    '',
    'TravelClub',
    '',
  ].join('\n');
  const rows = stays.map((line) => markup`<li style="margin:4px 0;">${line}</li>`).join('');
  const sums = amounts
    .map(
      ([label, value]) =>
        markup`<tr><td style="padding:4px 16px 4px 0;">${label}</td><td style="font-weight:bold;">${value}</td></tr>`,
    )
    .join('');
  const top = { title: subject, heading: words.heading, hello, intro: words.intro };
  const content = `<ul style="padding-left:20px;line-height:1.5;">${rows}</ul>
<table style="margin:16px 0;border-collapse:collapse;">${sums}</table>
`;
  const html = mailPage(top, content + note(referenceLine) + button(words.action, booking.link));
  return { subject, html, text };
}

/**
 * The double opt-in mail of a creator's email subscription. The creator chose their name, so it is shown only
 * when it does not look like an address, and never in the subject. It is a mail to a subscriber, so it also
 * carries the unsubscribe link (the job's `listUnsubscribe` makes the headers).
 */
function renderSubscriptionConfirmation(data: unknown): RenderedEmail {
  const { link, expiresInMinutes, creatorName, unsubscribeLink } = dataOf('email-subscription-confirmation', data);
  if (!/^https?:$/.test(new URL(unsubscribeLink).protocol))
    throw new TemplateError('email-subscription-confirmation unsubscribeLink must be http(s)');
  const subject = 'Please confirm your subscription';
  const club = mentionable(creatorName) ?? 'a TravelClub creator';
  const intro = `You asked to receive news from ${club} on TravelClub. Please confirm your subscription with this link:`;
  const validity = `The link works for ${formatDuration(expiresInMinutes)}, and only once.`;
  const ignore = 'If you did not ask for this, ignore this mail: you will not be subscribed.';
  const text = [
    'Hello,',
    '',
    intro,
    '',
    link,
    '',
    validity,
    ignore,
    '',
    `Unsubscribe: ${unsubscribeLink}`,
    '',
    'TravelClub',
    '',
  ].join('\n');
  const top = { title: subject, heading: 'Confirm your subscription', hello: 'Hello,', intro };
  const content = button('Confirm my subscription', link) + linkWrittenOut(link) + note(`${validity} ${ignore}`);
  const html = mailPage(
    top,
    content,
    markup`TravelClub · <a href="${unsubscribeLink}" style="color:#8a93a3;">Unsubscribe</a>`,
  );
  return { subject, html, text };
}

/**
 * A traveller's request for a travel package, to the creator. All but the dashboard link is typed by someone
 * (the traveller, or the creator for the package title), so every value is escaped, kept on its line where it
 * names something, never put in the subject, and the traveller's address is text, not a link.
 */
function renderTravelPackageRequest(data: unknown): RenderedEmail {
  const request = dataOf('travel-package-request', data);
  const subject = 'A traveller asked you for a travel package';
  const hello = greeting(request.creatorName);
  const intro = 'A traveller asked you for a travel package on TravelClub.';
  const facts: [string, string][] = [
    ...(request.packageTitle ? [['Package', oneLine(request.packageTitle)] as [string, string]] : []),
    ...(request.dates ? [['Dates', oneLine(request.dates)] as [string, string]] : []),
    ...(request.party ? [['Party', oneLine(request.party)] as [string, string]] : []),
    ['Their address', oneLine(request.travellerEmail)],
  ];
  // The message keeps its paragraphs (blank lines) and line breaks; a stray \r makes no line of its own; links in
  // it are plain text (`unlinked`).
  const paragraphs = request.message
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.split('\n').map((line) => unlinked(line.trim())))
    .filter((lines) => lines.some((line) => line !== ''));
  const answer = `Answer them by writing to ${oneLine(request.travellerEmail)}. Your packages are in your dashboard:`;
  const text = [
    hello,
    '',
    intro,
    '',
    ...facts.map(([label, value]) => `${label}: ${value}`),
    '',
    'Their message:',
    '',
    paragraphs.map((lines) => lines.join('\n')).join('\n\n'),
    '',
    answer,
    request.link,
    '',
    'TravelClub',
    '',
  ].join('\n');
  const rows = facts
    .map(([label, value]) => markup`<tr><td style="padding:4px 16px 4px 0;">${label}</td><td>${value}</td></tr>`)
    .join('');
  const message = paragraphs
    .map((lines) => `<p style="line-height:1.5;">${lines.map((line) => escapeHtml(line)).join('<br>')}</p>`)
    .join('');
  const content = `<table style="margin:16px 0;border-collapse:collapse;">${rows}</table>
<p style="line-height:1.5;font-weight:bold;">Their message:</p>
<blockquote style="margin:0 0 16px;padding:0 16px;border-left:3px solid #d5d9e0;">${message}</blockquote>
`;
  const html = mailPage(
    { title: subject, heading: subject, hello, intro },
    content + note(answer) + button('Open my dashboard', request.link),
  );
  return { subject, html, text };
}

/**
 * Renders a template with its data. Throws a TemplateError when the data does not fit or the template is
 * not written yet (the other templates of contracts: they fail for good instead of sending a makeshift mail).
 */
export function renderEmail(template: EmailTemplate, data: unknown): RenderedEmail {
  if (isLinkTemplate(template)) return renderLinkMail(template, data);
  if (isBookingTemplate(template)) return renderBookingMail(template, data);
  if (template === 'email-subscription-confirmation') return renderSubscriptionConfirmation(data);
  if (template === 'travel-package-request') return renderTravelPackageRequest(data);
  throw new TemplateError(`the ${template} mail is not written yet`);
}
