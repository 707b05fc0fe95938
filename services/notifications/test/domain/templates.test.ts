import { EmailTemplateSchema } from '@travelclub/contracts';
import { describe, expect, it } from 'vitest';
import { escapeHtml, formatDuration, renderEmail, TemplateError } from '../../src/domain/templates.js';

const link = 'https://travelclub.test/continueSignIn?code=abc123&email=ana%40example.test';

describe('link mails', () => {
  it.each([
    ['magic-link', 'Your TravelClub sign-in link', 'Sign in'],
    ['email-verification', 'Verify your email address', 'Verify my address'],
    ['password-reset', 'Reset your TravelClub password', 'Choose a new password'],
  ] as const)(
    '%s: subject, the link on its own text line, and an escaped link in the HTML',
    (template, subject, action) => {
      const mail = renderEmail(template, { link, expiresInMinutes: 15, publicName: 'Ana' });
      expect(mail.subject).toBe(subject);
      expect(mail.text.split('\n')).toContain(link);
      expect(mail.text).toMatch(/^Hello Ana,\n/);
      expect(mail.text).toContain('The link works for 15 minutes, and only once.');
      const escapedLink = link.replace(/&/g, '&amp;');
      expect(mail.html).toContain(`<a href="${escapedLink}"`);
      expect(mail.html).toContain(`>${action}</a>`);
      expect(mail.html).not.toContain(link); // the raw `&` never reaches the HTML
      expect(mail.html).toContain('<p style="line-height:1.5;">Hello Ana,</p>');
    },
  );

  it('greets without a name when there is none, or only spaces', () => {
    expect(renderEmail('magic-link', { link, expiresInMinutes: 15 }).text).toMatch(/^Hello,\n/);
    expect(renderEmail('magic-link', { link, expiresInMinutes: 15, publicName: '  ' }).text).toMatch(/^Hello,\n/);
  });

  it('escapes a hostile name in the HTML and keeps it on one line in the text', () => {
    const publicName = '<script>alert("x")</script> & <img src=x onerror=\'boom()\'>\nClick here';
    const mail = renderEmail('email-verification', { link, expiresInMinutes: 60, publicName });
    expect(mail.html).not.toMatch(/<script|<img/);
    expect(mail.html).toContain(
      'Hello &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;img src=x onerror=&#39;boom()&#39;&gt; Click here,',
    );
    expect(mail.text.split('\n')[0]).toBe(
      `Hello <script>alert("x")</script> & <img src=x onerror='boom()'> Click here,`,
    );
  });

  it('leaves out a name that looks like a web address, so a stranger cannot put a link in the mail', () => {
    for (const publicName of [
      'https://evil.test/continueSignIn',
      'www.evil.test',
      'evil.com/login',
      'Refund pending, visit evil.example',
      'write to refunds@evil.test',
    ]) {
      const mail = renderEmail('password-reset', { link, expiresInMinutes: 30, publicName });
      expect(mail.text).toMatch(/^Hello,\n/);
      expect(mail.html).not.toContain('evil');
    }
  });

  it('refuses data that does not fit, naming the field but never the values', () => {
    const cases = [
      { expiresInMinutes: 15 },
      { link: 'not a link', expiresInMinutes: 15 },
      { link, expiresInMinutes: 0 },
      { link, expiresInMinutes: '15' },
      { link, expiresInMinutes: 15, publicName: 7 },
    ];
    for (const data of cases) {
      expect(() => renderEmail('magic-link', data)).toThrow(TemplateError);
    }
    expect(() => renderEmail('magic-link', { link, expiresInMinutes: -1 })).toThrow(/expiresInMinutes/);
    const refusal = (() => {
      try {
        renderEmail('password-reset', { link: 'travelclub.test/reset?code=abc123', expiresInMinutes: 1.5 });
      } catch (err) {
        return err;
      }
    })();
    expect(refusal).toBeInstanceOf(TemplateError);
    expect((refusal as Error).message).toMatch(/^password-reset data does not fit: link: .+; expiresInMinutes: .+$/);
    expect((refusal as Error).message).not.toContain('abc123');
  });

  it('refuses a link that is not http(s)', () => {
    expect(() => renderEmail('magic-link', { link: 'javascript:alert(1)', expiresInMinutes: 15 })).toThrow(
      'magic-link link must be http(s)',
    );
  });
});

describe('booking mails', () => {
  const booking = {
    link: 'https://travelclub.test/itinerary/it-1/confirmation',
    itineraryId: 'it-1',
    leadGuestName: 'Ana',
    stays: 'Hotel Sol & Mar, Double room, 2026-12-01 to 2026-12-03\nHotel Porto, Twin room, 2026-12-03 to 2026-12-05',
    total: '$420.00',
  };
  const randomId = '0b8c2e64-5f1d-4c1e-9d7a-2f3b4c5d6e7f';
  const cancelled = { ...booking, link: 'https://travelclub.test/user/trips', charge: '$70.00', refund: '$350.00' };

  it('confirms with every stay, the total and the link, under a subject of fixed words and the reference', () => {
    const mail = renderEmail('booking-confirmation', booking);
    expect(mail.subject).toBe('Your booking is confirmed (reference it-1)');
    expect(mail.text).toMatch(/^Hello Ana,\n/);
    expect(mail.text).toContain('- Hotel Sol & Mar, Double room, 2026-12-01 to 2026-12-03\n- Hotel Porto');
    expect(mail.text).toContain('Total: $420.00');
    expect(mail.text).toContain('Booking reference: it-1');
    expect(mail.text.split('\n')).toContain(booking.link);
    expect(mail.html).toContain(
      '<li style="margin:4px 0;">Hotel Sol &amp; Mar, Double room, 2026-12-01 to 2026-12-03</li>',
    );
    expect(mail.html).toContain(`<a href="${booking.link}"`);
  });

  it('names the booking by its short reference when it has one, in the subject and the text', () => {
    const mail = renderEmail('booking-confirmation', { ...booking, itineraryId: randomId, reference: 'TC-7K3M9QXA' });
    expect(mail.subject).toBe('Your booking is confirmed (reference TC-7K3M9QXA)');
    expect(mail.text).toContain('Booking reference: TC-7K3M9QXA');
    expect(mail.html).toContain('Booking reference: TC-7K3M9QXA');
    expect(mail.text).not.toContain(randomId);
  });

  it('tells a cancellation its charge and refund', () => {
    const mail = renderEmail('booking-cancelled', cancelled);
    expect(mail.subject).toBe('Your booking was cancelled (reference it-1)');
    expect(mail.text).toContain('Cancellation charge: $70.00\nRefund to your card: $350.00');
    expect(mail.html).toContain('>$350.00</td>');
    expect(mail.html).toContain(`<a href="${cancelled.link}"`);
  });

  it.each([
    ['booking-confirmation', booking],
    ['booking-cancelled', cancelled],
  ] as const)('%s: every field in both the HTML and the text', (template, data) => {
    const mail = renderEmail(template, data);
    const plain = Object.entries(data).flatMap(([field, value]) => (field === 'stays' ? value.split('\n') : [value]));
    for (const value of plain) {
      expect(mail.text).toContain(value);
      expect(mail.html).toContain(escapeHtml(value));
    }
    // The subject is the HTML's <title> too; the text part starts with the greeting.
    expect(mail.html).toContain(`<title>${escapeHtml(mail.subject)}</title>`);
    expect(mail.html).toContain('<p style="line-height:1.5;">Hello Ana,</p>');
    expect(mail.html.match(/<li /g)).toHaveLength(2);
  });

  it('escapes hostile values in every field of the HTML, and keeps each on its line in the text', () => {
    const hostile = (label: string) => `<img src=x onerror="${label}()"> & '${label}'`;
    const data = {
      ...cancelled,
      leadGuestName: hostile('guest'),
      stays: `${hostile('stay1')}\r\n\n${hostile('stay2')}`,
      total: hostile('total'),
      charge: hostile('charge'),
      refund: `${hostile('refund')}\nClick https://evil.test`,
    };
    const mail = renderEmail('booking-cancelled', data);
    expect(mail.html).not.toMatch(/<img|<script|onerror="/);
    for (const label of ['guest', 'stay1', 'stay2', 'total', 'charge']) {
      expect(mail.html).toContain(escapeHtml(hostile(label)));
      expect(mail.text).toContain(hostile(label));
    }
    // A line break in a value cannot add a line of its own.
    expect(mail.text).toContain(`Refund to your card: ${hostile('refund')} Click https://evil.test\n`);
    expect(mail.text).toContain(`- ${hostile('stay1')}\n- ${hostile('stay2')}\n`);
    expect(mail.html.match(/<li /g)).toHaveLength(2);
  });

  it('greets the lead guest by the same rules as the link mails', () => {
    expect(renderEmail('booking-confirmation', { ...booking, leadGuestName: '  Ana\n Lima ' }).text).toMatch(
      /^Hello Ana Lima,\n/,
    );
    for (const leadGuestName of ['', 'https://evil.test/pay', 'www.evil.test']) {
      const mail = renderEmail('booking-confirmation', { ...booking, leadGuestName });
      expect(mail.text).toMatch(/^Hello,\n/);
      expect(mail.html).not.toContain('evil');
    }
  });

  it('never puts words of the traveller into the subject: a title sent along, names, or an odd reference', () => {
    const phishing = 'Refund pending, visit evil.example';
    const fromAnOlderProducer = { ...booking, title: phishing, leadGuestName: phishing };
    expect(renderEmail('booking-confirmation', fromAnOlderProducer).subject).toBe(
      'Your booking is confirmed (reference it-1)',
    );
    for (const itineraryId of [phishing, 'it-1\r\nBcc: victim@example.test', 'x'.repeat(65)]) {
      const mail = renderEmail('booking-cancelled', { ...cancelled, itineraryId });
      expect(mail.subject).toBe('Your booking was cancelled');
    }
  });

  it('refuses data that does not fit, naming the field, and a link that is not a web page', () => {
    expect(() => renderEmail('booking-cancelled', booking)).toThrow(
      /^booking-cancelled data does not fit: charge: .+; refund: .+$/,
    );
    const { total: _total, ...noTotal } = booking;
    const cases: [string, unknown][] = [
      ['total', noTotal],
      ['link', { ...booking, link: 'not a link' }],
      ['itineraryId', { ...booking, itineraryId: '' }],
      ['stays', { ...booking, stays: 2 }],
      ['leadGuestName', { ...booking, leadGuestName: undefined }],
      ['data', 'a string'],
    ];
    for (const [field, data] of cases) {
      expect(() => renderEmail('booking-confirmation', data)).toThrow(TemplateError);
      expect(() => renderEmail('booking-confirmation', data)).toThrow(new RegExp(`does not fit: ${field}: `));
    }
    expect(() => renderEmail('booking-confirmation', { ...booking, link: 'javascript:alert(1)' })).toThrow(
      new TemplateError('booking-confirmation link must be http(s)'),
    );
  });
});

describe('templates not written yet', () => {
  const written = [
    'magic-link',
    'email-verification',
    'password-reset',
    'booking-confirmation',
    'booking-cancelled',
    'email-subscription-confirmation',
    'travel-package-request',
  ];
  const others = EmailTemplateSchema.options.filter((t) => !written.includes(t));

  it.each(others)('%s fails for good rather than sending a makeshift mail', (template) => {
    expect(() => renderEmail(template, { anything: 'at all' })).toThrow(
      new TemplateError(`the ${template} mail is not written yet`),
    );
  });
});

describe('helpers', () => {
  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;',
    );
    expect(escapeHtml(42)).toBe('42');
  });

  it('says how long a link works in the largest whole unit', () => {
    expect(formatDuration(1)).toBe('1 minute');
    expect(formatDuration(15)).toBe('15 minutes');
    expect(formatDuration(60)).toBe('1 hour');
    expect(formatDuration(90)).toBe('90 minutes');
    expect(formatDuration(120)).toBe('2 hours');
    expect(formatDuration(1440)).toBe('1 day');
    expect(formatDuration(4320)).toBe('3 days');
  });
});
