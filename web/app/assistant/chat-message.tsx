// One message of a conversation, stored or still streaming: who wrote it, Taylor's tool calls as small status
// lines, the text, and the hotels, searches and drafts the answer links to (pages of this site only).
import type { AppLink, ChatMessage } from '@travelclub/contracts';
import { Link } from 'react-router';
import { isSitePath, linkedPaths, MessageText } from './message-text';
import type { ToolLine, Turn } from './use-turn';

/** What a tool call is doing while it runs, when the stream says no more. */
const RUNNING: Record<string, string> = {
  find_destinations: 'Finding destinations…',
  search_hotels: 'Searching hotels…',
  check_availability: 'Checking availability…',
  hotel_details: 'Reading about the hotel…',
  my_recommendations: 'Reading your stays…',
  my_packages: 'Reading your packages…',
  my_numbers: 'Reading your numbers…',
  my_income: 'Reading your income…',
  suggest_destinations: 'Thinking of destinations…',
  draft_recommendation: 'Drafting a recommendation…',
  draft_package: 'Drafting a package…',
  draft_post: 'Drafting a post…',
};

export const toolLineText = (line: ToolLine) =>
  line.status === 'running' ? line.summary.trim() || (RUNNING[line.name] ?? 'Working…') : line.summary;

const KIND: Record<AppLink['kind'], string> = { hotel: 'Hotel', search: 'Search', draft: 'Draft', page: 'Page' };

export function ToolLines({ lines }: { lines: readonly ToolLine[] }) {
  if (lines.length === 0) return null;
  return (
    <ul className="chat-tools" aria-label="What Taylor looked up">
      {lines.map((line) => (
        <li key={line.id} data-status={line.status}>
          <span className="chat-tool-mark" aria-hidden="true">
            {line.status === 'running' ? '…' : line.status === 'done' ? '✓' : '!'}
          </span>
          {line.status === 'failed' ? <span className="visually-hidden">Failed: </span> : null}
          {toolLineText(line)}
        </li>
      ))}
    </ul>
  );
}

/** The answer's links that its text does not already give (a hotel it listed is not listed twice). */
export function MessageLinks({ links = [], text = '' }: { links?: readonly AppLink[]; text?: string }) {
  const inText = linkedPaths(text);
  const safe = links.filter((link) => isSitePath(link.href) && !inText.has(link.href));
  if (safe.length === 0) return null;
  return (
    <ul className="chat-links" aria-label="Links from Taylor">
      {safe.map((link) => (
        <li key={`${link.kind}:${link.href}`}>
          <span className="chat-link-kind">{KIND[link.kind]}</span>
          <Link to={link.href}>{link.label}</Link>
        </li>
      ))}
    </ul>
  );
}

const toolLinesOf = (message: ChatMessage): ToolLine[] =>
  (message.toolCalls ?? []).map((call) => ({
    id: call.id,
    name: call.name,
    status: call.ok ? 'done' : 'failed',
    summary: call.summary,
  }));

export function ChatMessageView({ message }: { message: ChatMessage }) {
  const stopped = message.error && !message.text.includes(message.error.message) ? message.error.message : null;
  return (
    <li className="chat-message" data-role={message.role}>
      <p className="chat-author">{message.role === 'user' ? 'You' : 'Taylor'}</p>
      <ToolLines lines={toolLinesOf(message)} />
      {message.role === 'user' ? <p className="chat-user-text">{message.text}</p> : <MessageText text={message.text} />}
      {stopped ? <p className="chat-stopped">{stopped}</p> : null}
      <MessageLinks links={message.links} text={message.text} />
    </li>
  );
}

/** The turn being answered: the creator's message, then Taylor's answer as far as it has come. */
export function TurnView({ turn }: { turn: Turn }) {
  const answering = turn.phase !== 'failed';
  return (
    <>
      <li className="chat-message" data-role="user">
        <p className="chat-author">You</p>
        <p className="chat-user-text">{turn.userMessage?.text ?? turn.text}</p>
      </li>
      <li className="chat-message" data-role="assistant" aria-busy={answering || undefined}>
        <p className="chat-author">Taylor</p>
        <ToolLines lines={turn.tools} />
        {turn.answer ? <MessageText text={turn.answer} /> : null}
        {answering && !turn.answer ? (
          <p className="chat-thinking">
            <span className="spinner" aria-hidden="true" />
            Taylor is thinking…
          </p>
        ) : null}
        {turn.error ? (
          <p className="chat-error" role="alert">
            {turn.error}
          </p>
        ) : null}
      </li>
    </>
  );
}
