// The chat with Taylor (/dashboard/chat): a first message makes the conversation and streams the answer in
// (tokens as they come, tool calls as status lines, the stored message with its links at the end, announced once);
// an error event shows as an alert and keeps what was streamed; a refusal before the stream gives the text back;
// conversations are listed newest first and deleted after a confirmation.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatMessage } from '@travelclub/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { todayStayDate } from '~/checkout/format';
import { LINK_SENT, SEND_LINK } from '~/assistant/turn-refusal';
import {
  aConversation,
  aMessage,
  answers,
  browserApi,
  callsOf,
  CONVERSATION,
  jsonAnswer,
  OTHER_CONVERSATION,
  renderAssistant,
  resetApi,
  SseAnswer,
  stubStream,
  summaryOf,
} from './harness';

vi.mock('~/lib/browser-api', async () => (await import('./harness')).browserApi);

beforeEach(() => {
  resetApi();
  answers['assistant.listConversations'] = () => ({ conversations: [] });
  answers['assistant.startConversation'] = () => aConversation({ title: 'New conversation' });
});
afterEach(() => vi.unstubAllGlobals());

const box = () => screen.getByRole('textbox', { name: 'Message Taylor' });
const sendButton = () => screen.getByRole('button', { name: 'Send' });
const messages = () => screen.getByRole('list', { name: 'Messages' });
const liveRegion = () => screen.getAllByRole('status').find((el) => el.getAttribute('aria-live') === 'polite')!;

const userMessage = aMessage({ id: 'u-1', text: 'Three hotels in Lisbon for next weekend for two' });
const start = { conversationId: CONVERSATION, title: 'Lisbon for two', userMessage, replyId: 'r-1' };
const reply: ChatMessage = {
  id: 'r-1',
  role: 'assistant',
  at: '2026-11-20T10:00:05.000Z',
  text: 'Here are three hotels:\n- [Hotel Aurora](/hotel/hotel-aurora), by the river\n- Casa Azul, [elsewhere](https://evil.test)',
  toolCalls: [{ id: 't-1', name: 'search_hotels', arguments: {}, ok: true, summary: 'Found 3 hotels in Lisbon' }],
  links: [
    { kind: 'hotel', label: 'Hotel Aurora', href: '/hotel/hotel-aurora' },
    { kind: 'draft', label: 'Review the draft: Hotel Aurora', href: '/dashboard/stays/add?draft=d-1' },
    { kind: 'page', label: 'Not ours', href: '//evil.test/page' },
  ],
};

async function openChat(url = '/dashboard/chat') {
  const user = userEvent.setup();
  renderAssistant(url);
  await screen.findByRole('heading', { level: 1, name: 'Taylor, your travel assistant' });
  return user;
}

describe('a first message', () => {
  it('makes the conversation, streams tokens, then shows the stored answer with its links', async () => {
    const answer = new SseAnswer();
    const sent = stubStream(answer.response);
    // What the service lists once the turn has given the conversation its title.
    let listed: ReturnType<typeof summaryOf>[] = [];
    answers['assistant.listConversations'] = () => ({ conversations: listed });
    const user = await openChat();
    await user.type(box(), 'Three hotels in Lisbon for next weekend for two{Enter}');
    listed = [summaryOf(aConversation({ title: 'Lisbon for two', messageCount: 2 }))];

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(callsOf('assistant.startConversation')).toEqual([{ body: {} }]);
    expect(sent[0]).toEqual({
      url: `/api/v1/assistant/conversations/${CONVERSATION}/messages`,
      body: { text: 'Three hotels in Lisbon for next weekend for two', today: todayStayDate() },
      authorization: 'Bearer token-1',
      accept: 'text/event-stream',
    });
    expect(box()).toHaveProperty('value', '');
    expect(sendButton().hasAttribute('disabled')).toBe(true);
    expect(liveRegion().textContent).toBe('Message sent. Taylor is answering…');

    await act(async () => answer.send('start', start));
    expect(await screen.findByRole('heading', { level: 2, name: 'Lisbon for two' })).toBeTruthy();
    await act(async () => answer.send('token', { text: 'Here are ' }));
    expect(await within(messages()).findByText('Here are')).toBeTruthy();
    await act(async () => answer.send('token', { text: 'three hotels:' }));
    expect(await within(messages()).findByText('Here are three hotels:')).toBeTruthy();
    // Screen readers are not read each piece.
    expect(liveRegion().textContent).toBe('Message sent. Taylor is answering…');

    await act(async () => {
      answer.send('done', { message: reply });
      answer.close();
    });
    // Once, whole, and as words: a link's address is not read out.
    await waitFor(() =>
      expect(liveRegion().textContent).toBe(
        'Taylor answered: Here are three hotels:\n- Hotel Aurora, by the river\n- Casa Azul, elsewhere',
      ),
    );
    const list = messages();
    expect(within(list).getByText('Three hotels in Lisbon for next weekend for two')).toBeTruthy();
    // The hotel the text links is not listed again under it (issue 29).
    const inText = within(list).getAllByRole('link', { name: 'Hotel Aurora' });
    expect(inText.map((a) => a.getAttribute('href'))).toEqual(['/hotel/hotel-aurora']);
    // A link to another site shows as its words only.
    expect(within(list).getByText('Casa Azul, elsewhere').querySelector('a')).toBeNull();
    const links = within(screen.getByRole('list', { name: 'Links from Taylor' })).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Review the draft: Hotel Aurora', '/dashboard/stays/add?draft=d-1'],
    ]);
    expect(within(list).getByText('Found 3 hotels in Lisbon')).toBeTruthy();
    expect(sendButton().hasAttribute('disabled')).toBe(false);
    // The list knows the conversation by its new title.
    expect(screen.getByRole('link', { name: /Lisbon for two/ }).getAttribute('href')).toBe(
      `/dashboard/chat?conversation=${CONVERSATION}`,
    );
  });

  it('shows a tool call as a status line while it runs, then its summary', async () => {
    const answer = new SseAnswer();
    stubStream(answer.response);
    const user = await openChat();
    await user.click(screen.getByRole('button', { name: 'Three hotels in Lisbon for next weekend for two' }));
    await act(async () => {
      answer.send('start', start);
      answer.send('tool', { id: 't-1', name: 'search_hotels', status: 'running', summary: '' });
    });
    const tools = await screen.findByRole('list', { name: 'What Taylor looked up' });
    expect(tools.textContent).toContain('Searching hotels…');
    await act(async () =>
      answer.send('tool', { id: 't-1', name: 'search_hotels', status: 'done', summary: 'Found 3 hotels in Lisbon' }),
    );
    await waitFor(() => expect(tools.textContent).toContain('Found 3 hotels in Lisbon'));
    expect(tools.textContent).not.toContain('Searching hotels…');
    expect(within(tools).getAllByRole('listitem')).toHaveLength(1);
  });
});

describe('when the answer goes wrong', () => {
  it('shows an error event as an alert and keeps what was streamed', async () => {
    const answer = new SseAnswer();
    stubStream(answer.response);
    const user = await openChat();
    await user.type(box(), 'Suggest a quiet beach town{Enter}');
    await act(async () => {
      answer.send('start', { ...start, userMessage: aMessage({ id: 'u-1', text: 'Suggest a quiet beach town' }) });
      answer.send('token', { text: 'Let me look at the coast' });
      answer.send('error', { code: 'model-timeout', message: 'Taylor took too long to answer. Please try again.' });
      answer.close();
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Taylor took too long to answer. Please try again.');
    expect(within(messages()).getByText('Let me look at the coast')).toBeTruthy();
    expect(sendButton().hasAttribute('disabled')).toBe(false);
  });

  it('says the answer was cut off when the stream ends without its last event', async () => {
    const answer = new SseAnswer();
    stubStream(answer.response);
    const user = await openChat();
    await user.type(box(), 'Hello{Enter}');
    await act(async () => {
      answer.send('start', start);
      answer.send('token', { text: 'Half an ans' });
      answer.close();
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The answer was cut off before Taylor finished. Please try again.',
    );
    expect(within(messages()).getByText('Half an ans')).toBeTruthy();
  });

  it('shows a refusal before the stream (409 assistant-busy) and gives the text back to the box', async () => {
    answers['assistant.listConversations'] = () => ({ conversations: [summaryOf(aConversation())] });
    answers['assistant.readConversation'] = () => aConversation();
    const sent = stubStream(
      jsonAnswer(409, { error: { code: 'assistant-busy', message: 'Taylor is still answering your last message.' } }),
    );
    const user = await openChat(`/dashboard/chat?conversation=${CONVERSATION}`);
    await screen.findByRole('heading', { level: 2, name: 'Lisbon weekend' });
    await user.type(box(), 'And in Porto?{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('ErrorTaylor is still answering your last message.');
    expect(sent[0]!.url).toBe(`/api/v1/assistant/conversations/${CONVERSATION}/messages`);
    expect(callsOf('assistant.startConversation')).toEqual([]);
    expect(box()).toHaveProperty('value', 'And in Porto?');
    expect(screen.queryByText('And in Porto?', { selector: 'p' })).toBeNull();
    expect(sendButton().hasAttribute('disabled')).toBe(false);
  });
});

describe('a refused token', () => {
  it('is renewed once, and the message is sent again with the new one', async () => {
    const answer = new SseAnswer();
    const sent = stubStream(
      jsonAnswer(401, { error: { code: 'unauthenticated', message: 'Please sign in' } }),
      answer.response,
    );
    const user = await openChat();
    browserApi.accessToken.mockImplementationOnce(async () => 'token-old');
    browserApi.accessToken.mockImplementation(async () => 'token-new');
    await user.type(box(), 'Hello{Enter}');
    await act(async () => {
      answer.send('start', start);
      answer.send('done', { message: { ...reply, text: 'Hello!', toolCalls: [], links: [] } });
      answer.close();
    });
    expect(await within(messages()).findByText('Hello!')).toBeTruthy();
    expect(sent.map((s) => s.authorization)).toEqual(['Bearer token-old', 'Bearer token-new']);
    expect(browserApi.currentUser).toHaveBeenCalledTimes(1);
  });
});

describe('a model turn refused (issue 29)', () => {
  const UNVERIFIED =
    'Please verify your email address before chatting with Taylor. Use the link we mailed you, or ask for a new one.';
  const unverified = () => jsonAnswer(403, { error: { code: 'assistant-email-unverified', message: UNVERIFIED } });

  it('says why in plain words: the platform’s day is spent', async () => {
    const message = 'Taylor has answered as many messages as it can today for all creators. Please come back tomorrow.';
    stubStream(jsonAnswer(429, { error: { code: 'assistant-platform-allowance-used', message } }));
    const user = await openChat();
    await user.type(box(), 'Hello{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(`Error${message}`);
    expect(box()).toHaveProperty('value', 'Hello');
    expect(screen.queryByRole('button', { name: SEND_LINK })).toBeNull();
  });

  it('for an unverified email: tries once with a new token, then says so and mails a new link on request', async () => {
    const sent = stubStream(unverified(), unverified());
    answers['auth.requestEmailVerification'] = () => ({ message: 'sent' });
    const user = await openChat();
    browserApi.accessToken.mockImplementationOnce(async () => 'token-old');
    browserApi.renewAccessToken.mockImplementation(async () => 'token-new');
    browserApi.accessToken.mockImplementation(async () => 'token-new');
    await user.type(box(), 'Hello{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(`Error${UNVERIFIED}`);
    expect(sent.map((s) => s.authorization)).toEqual(['Bearer token-old', 'Bearer token-new']);
    expect(box()).toHaveProperty('value', 'Hello');
    await user.click(screen.getByRole('button', { name: SEND_LINK }));
    expect((await screen.findByText(LINK_SENT)).getAttribute('role')).toBe('status');
    expect(callsOf('auth.requestEmailVerification')).toEqual([{}]);
  });

  it('for an email verified since the token was issued: the new token’s turn is answered', async () => {
    const answer = new SseAnswer();
    const sent = stubStream(unverified(), answer.response);
    const user = await openChat();
    browserApi.accessToken.mockImplementationOnce(async () => 'token-old');
    browserApi.renewAccessToken.mockImplementation(async () => 'token-verified');
    browserApi.accessToken.mockImplementation(async () => 'token-verified');
    await user.type(box(), 'Hello{Enter}');
    await act(async () => {
      answer.send('start', start);
      answer.send('done', { message: { ...reply, text: 'Hello!', toolCalls: [], links: [] } });
      answer.close();
    });
    expect(await within(messages()).findByText('Hello!')).toBeTruthy();
    expect(sent.map((s) => s.authorization)).toEqual(['Bearer token-old', 'Bearer token-verified']);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('the message box', () => {
  it('starts a new line on Shift+Enter and sends nothing empty', async () => {
    const sent = stubStream();
    const user = await openChat();
    await user.type(box(), 'First line{Shift>}{Enter}{/Shift}second line');
    expect(box()).toHaveProperty('value', 'First line\nsecond line');
    await user.clear(box());
    await user.click(sendButton());
    expect(screen.getByText('Write a message to Taylor')).toBeTruthy();
    expect(sent).toEqual([]);
  });
});

describe('conversations', () => {
  const older = aConversation({
    id: OTHER_CONVERSATION,
    title: 'Porto in spring',
    updatedAt: '2026-11-01T09:00:00.000Z',
  });
  const newer = aConversation({
    updatedAt: '2026-11-20T10:00:00.000Z',
    messages: [
      aMessage({ id: 'u-1', text: 'Show my numbers for last month' }),
      { ...reply, text: 'You had **12** bookings. See [your analytics](/dashboard/analytics).', links: [] },
    ],
  });

  it('lists them newest first and opens one with its messages', async () => {
    answers['assistant.listConversations'] = () => ({ conversations: [summaryOf(older), summaryOf(newer)] });
    answers['assistant.readConversation'] = ({ params }: { params: { id: string } }) =>
      params.id === CONVERSATION ? newer : older;
    await openChat(`/dashboard/chat?conversation=${CONVERSATION}`);
    const list = await screen.findByRole('complementary', { name: 'Your conversations' });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((li) => li.querySelector('a')?.textContent),
      ).toEqual(['Lisbon weekendNov 20', 'Porto in springNov 1']),
    );
    expect(within(list).getByRole('link', { current: 'page' }).textContent).toContain('Lisbon weekend');
    expect(await within(messages()).findByText('12')).toHaveProperty('tagName', 'STRONG');
    expect(within(messages()).getByRole('link', { name: 'your analytics' }).getAttribute('href')).toBe(
      '/dashboard/analytics',
    );
    expect(callsOf('assistant.readConversation')).toEqual([{ params: { id: CONVERSATION } }]);
  });

  it('deletes one after a confirmation, and it leaves the list', async () => {
    let stored = [summaryOf(newer), summaryOf(older)];
    answers['assistant.listConversations'] = () => ({ conversations: stored });
    answers['assistant.deleteConversation'] = ({ params }: { params: { id: string } }) => {
      stored = stored.filter((c) => c.id !== params.id);
      return undefined;
    };
    const user = await openChat();
    await user.click(await screen.findByRole('button', { name: 'Delete “Porto in spring”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this conversation?' });
    expect(callsOf('assistant.deleteConversation')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete conversation' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsOf('assistant.deleteConversation')).toEqual([{ params: { id: OTHER_CONVERSATION } }]);
    expect(screen.queryByRole('link', { name: /Porto in spring/ })).toBeNull();
    expect(screen.getByRole('link', { name: /Lisbon weekend/ })).toBeTruthy();
  });

  it('keeps a conversation when the creator thinks again', async () => {
    answers['assistant.listConversations'] = () => ({ conversations: [summaryOf(older)] });
    const user = await openChat();
    await user.click(await screen.findByRole('button', { name: 'Delete “Porto in spring”' }));
    await user.click(await screen.findByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsOf('assistant.deleteConversation')).toEqual([]);
    expect(screen.getByRole('link', { name: /Porto in spring/ })).toBeTruthy();
  });
});
