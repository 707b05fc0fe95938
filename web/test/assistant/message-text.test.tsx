// How Taylor's text is shown: paragraphs and lines, bullets and numbered steps as lists, bold, and links only to
// pages of this site (never another site, a protocol-relative address or a script), all as React elements.
import { render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { blocksOf, isSitePath, MessageText } from '~/assistant/message-text';

function show(text: string) {
  const Stub = createRoutesStub([{ path: '/', Component: () => <MessageText text={text} /> }]);
  const { container } = render(<Stub initialEntries={['/']} />);
  return container.querySelector('.chat-text')!;
}

describe('MessageText', () => {
  it('makes paragraphs, line breaks, bullet lists and numbered steps', () => {
    expect(blocksOf('Hello\nthere\n\n- one\n* two\n\n1. first\n2) second\n### Heads up')).toEqual([
      { kind: 'p', lines: ['Hello', 'there'] },
      { kind: 'ul', items: ['one', 'two'] },
      { kind: 'ol', items: ['first', 'second'] },
      { kind: 'heading', text: 'Heads up' },
    ]);
    const shown = show('Hello\nthere\n\n- one\n- two');
    expect(shown.querySelector('p')!.innerHTML).toBe('<span>Hello</span><span><br>there</span>');
    expect([...shown.querySelectorAll('ul li')].map((li) => li.textContent)).toEqual(['one', 'two']);
  });

  it('links pages of this site only, and shows any other link as its words', () => {
    show(
      'See [your stays](/dashboard/manage-stays), [a site](https://evil.test), [sneaky](//evil.test), ' +
        '[script](javascript:alert(1)) and **this**.',
    );
    expect(screen.getByRole('link', { name: 'your stays' }).getAttribute('href')).toBe('/dashboard/manage-stays');
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.getByText('this').tagName).toBe('STRONG');
    expect(screen.getByText(/a site, sneaky, script/)).toBeTruthy();
  });

  it('shows markup in the text as text', () => {
    const shown = show('<img src=x onerror=alert(1)> <b>bold</b>');
    expect(shown.querySelector('img, b')).toBeNull();
    expect(shown.textContent).toBe('<img src=x onerror=alert(1)> <b>bold</b>');
  });

  it('knows a site path from other addresses', () => {
    expect(['/hotel/a', '/dashboard/stays?x=1'].every(isSitePath)).toBe(true);
    expect(['//evil.test', '/\\evil.test', 'https://a.test', 'javascript:x', ''].some(isSitePath)).toBe(false);
  });
});
