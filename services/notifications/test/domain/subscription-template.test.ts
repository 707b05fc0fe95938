// The double opt-in mail of a creator's email subscription: the confirmation link, the unsubscribe link, the
// creator's name escaped (or left out when it looks like an address), and data that does not fit refused.
import { describe, expect, it } from 'vitest';
import { carriesOneTimeLink, renderEmail, TemplateError } from '../../src/domain/templates.js';

const link = 'https://travelclub.test/api/v1/emailSubscription/s-1/confirm?confirmationCode=abc&x=1';
const unsubscribeLink = 'https://travelclub.test/emailSubscription/s-1/unsubscribe?token=tok&x=1';
const data = { link, unsubscribeLink, expiresInMinutes: 7 * 1440, creatorName: 'Ana Travels' };

describe('email-subscription-confirmation', () => {
  it('has a fixed subject, the confirmation link on its own text line, and the unsubscribe link', () => {
    const mail = renderEmail('email-subscription-confirmation', data);
    expect(mail.subject).toBe('Please confirm your subscription');
    const lines = mail.text.split('\n');
    expect(lines).toContain(link);
    expect(lines).toContain(`Unsubscribe: ${unsubscribeLink}`);
    expect(mail.text).toContain('news from Ana Travels on TravelClub');
    expect(mail.text).toContain('The link works for 7 days, and only once.');
    expect(mail.html).toContain(`<a href="${link.replace(/&/g, '&amp;')}"`);
    expect(mail.html).toContain(`<a href="${unsubscribeLink.replace(/&/g, '&amp;')}"`);
    expect(mail.html).toContain('>Confirm my subscription</a>');
    expect(mail.html).not.toContain(link);
  });

  it('escapes a hostile creator name, and leaves out one that looks like an address', () => {
    const hostile = renderEmail('email-subscription-confirmation', {
      ...data,
      creatorName: '<img src=x onerror="boom()"> & Co\nClick',
    });
    expect(hostile.html).not.toMatch(/<img/);
    expect(hostile.html).toContain('news from &lt;img src=x onerror=&quot;boom()&quot;&gt; &amp; Co Click on');
    expect(hostile.subject).toBe('Please confirm your subscription');
    for (const creatorName of ['visit evil.example now', 'https://evil.test', 'mail me@evil.test']) {
      const mail = renderEmail('email-subscription-confirmation', { ...data, creatorName });
      expect(mail.text).toContain('news from a TravelClub creator on TravelClub');
      expect(mail.html).not.toContain('evil');
    }
  });

  it('refuses data that does not fit, and links that are not http(s)', () => {
    expect(() => renderEmail('email-subscription-confirmation', { ...data, creatorName: undefined })).toThrow(
      /does not fit: creatorName: /,
    );
    expect(() => renderEmail('email-subscription-confirmation', { ...data, link: 'javascript:alert(1)' })).toThrow(
      new TemplateError('email-subscription-confirmation link must be http(s)'),
    );
    expect(() =>
      renderEmail('email-subscription-confirmation', { ...data, unsubscribeLink: 'javascript:alert(1)' }),
    ).toThrow(new TemplateError('email-subscription-confirmation unsubscribeLink must be http(s)'));
  });

  it('counts as a mail with a one-time link, so its finished job loses the code', () => {
    expect(carriesOneTimeLink('email-subscription-confirmation')).toBe(true);
    expect(carriesOneTimeLink('booking-confirmation')).toBe(false);
  });
});
