// The mail a creator gets when a traveller asks for a travel package: a fixed subject, the traveller's words
// escaped with their paragraphs kept, their address as text, and data that does not fit refused.
import { describe, expect, it } from 'vitest';
import { carriesOneTimeLink, renderEmail } from '../../src/domain/templates.js';

const data = {
  link: 'https://travelclub.test/dashboard',
  creatorName: 'Ana Travels',
  travellerEmail: 'tom@example.test',
  message: 'Hi Ana,\r\nwe would love a week in Lisbon.\n\nTwo of us, flexible.',
  packageTitle: 'Lisbon in spring',
  dates: '2030-04-01 to 2030-04-08',
  party: '2 adults, 1 child',
};

describe('travel-package-request', () => {
  it('tells the creator who asks, for what, and how to answer, with a fixed subject', () => {
    const mail = renderEmail('travel-package-request', data);
    expect(mail.subject).toBe('A traveller asked you for a travel package');
    const lines = mail.text.split('\n');
    expect(lines[0]).toBe('Hello Ana Travels,');
    for (const line of [
      'Package: Lisbon in spring',
      'Dates: 2030-04-01 to 2030-04-08',
      'Party: 2 adults, 1 child',
      'Their address: tom@example.test',
      'Hi Ana,',
      'we would love a week in Lisbon.',
      'Two of us, flexible.',
      'https://travelclub.test/dashboard',
    ])
      expect(lines).toContain(line);
    expect(mail.html).toContain('<p style="line-height:1.5;">Hi Ana,<br>we would love a week in Lisbon.</p>');
    expect(mail.html).toContain('<a href="https://travelclub.test/dashboard"');
    expect(mail.html).not.toContain('mailto:');
  });

  it('escapes every value the traveller or creator typed, and keeps them out of the subject', () => {
    const hostile = renderEmail('travel-package-request', {
      ...data,
      message: '<script>alert(1)</script> & <a href="https://evil.test">click</a>',
      packageTitle: '<img src=x onerror="boom()">\nInjected: line',
      creatorName: '<b>Ana</b>',
    });
    expect(hostile.html).not.toMatch(/<script|<img|<b>|href="https:\/\/evil/);
    expect(hostile.html).toContain(
      '&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;a href=&quot;https[:]//evil[.]test&quot;&gt;',
    );
    expect(hostile.text).toContain('Package: <img src=x onerror="boom()"> Injected: line');
    expect(hostile.subject).toBe('A traveller asked you for a travel package');
  });

  it('leaves out what was not given, and refuses data that does not fit', () => {
    const plain = renderEmail('travel-package-request', {
      link: data.link,
      creatorName: 'visit evil.example',
      travellerEmail: data.travellerEmail,
      message: 'Hello',
    });
    expect(plain.text.split('\n')[0]).toBe('Hello,');
    expect(plain.text).not.toMatch(/^(Package|Dates|Party):/m);
    expect(() => renderEmail('travel-package-request', { ...data, travellerEmail: 'not an address' })).toThrow(
      /does not fit: travellerEmail/,
    );
    expect(() => renderEmail('travel-package-request', { ...data, link: 'javascript:alert(1)' })).toThrow(
      /link must be http\(s\)/,
    );
    expect(carriesOneTimeLink('travel-package-request')).toBe(false);
  });

  it('puts no link of the traveller’s into the mail: addresses in the message are plain text', () => {
    const mail = renderEmail('travel-package-request', {
      ...data,
      message:
        'Prize at https://evil.example/claim?x=1 or www.evil.example\nor just evil.example, or mail me@evil.example',
    });
    const plain = 'Prize at https[:]//evil[.]example/claim?x=1 or www[.]evil[.]example';
    expect(mail.text).toContain(plain);
    expect(mail.text).toContain('or just evil[.]example, or mail me@evil[.]example');
    expect(mail.html).toContain(plain);
    for (const body of [mail.text, mail.html]) expect(body).not.toMatch(/:\/\/evil|evil\.example|www\.evil/);
    // Our own dashboard link is still a link.
    expect(mail.html).toContain('<a href="https://travelclub.test/dashboard"');
    // Ordinary sentences keep their full stops.
    const plainWords = renderEmail('travel-package-request', { ...data, message: 'We land at 9.30. Thanks!' });
    expect(plainWords.text).toContain('We land at 9.30. Thanks!');
  });
});
