// Taylor's text as the creator reads it: lines and paragraphs, "- " bullets and "1. " steps as lists, **bold**,
// and Markdown links `[label](/path)` to pages of this site. Built as React elements from the plain text (never
// as HTML), so nothing in an answer can run or style anything; a link anywhere else shows as its label only.
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type Block =
  { kind: 'p'; lines: string[] } | { kind: 'ul' | 'ol'; items: string[] } | { kind: 'heading'; text: string };

const BULLET = /^\s*[-*•]\s+(.*)$/;
const STEP = /^\s*\d+[.)]\s+(.*)$/;
const HEADING = /^\s*#{1,6}\s+(.*)$/;
const INLINE = /\[([^\]\n]+)\]\(([^)\s]+)\)|\*\*([^*\n]+)\*\*/g;

/** A path on this site: one slash, not two (`//host` is another site) nor a backslash some browsers read so. */
export const isSitePath = (href: string) => href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/\\');

/** The text as a screen reader should hear it: a link's words without its address, bold without its stars. */
export const spokenText = (text: string) =>
  text.replace(INLINE, (_whole, label?: string, _href?: string, bold?: string) => label ?? bold ?? '');

/** The pages of this site the text links to (their addresses as written). */
export const linkedPaths = (text: string) =>
  new Set([...text.matchAll(INLINE)].map((m) => m[2]).filter((href) => href !== undefined && isSitePath(href)));

export function blocksOf(text: string): Block[] {
  const blocks: Block[] = [];
  const last = () => blocks[blocks.length - 1];
  let open = false;
  for (const line of text.split(/\r\n|\r|\n/)) {
    if (line.trim() === '') {
      open = false;
      continue;
    }
    const bullet = BULLET.exec(line);
    const step = bullet ? null : STEP.exec(line);
    const heading = bullet || step ? null : HEADING.exec(line);
    const current = open ? last() : undefined;
    if (bullet || step) {
      const kind = bullet ? 'ul' : 'ol';
      const item = (bullet ?? step)![1]!;
      if (current?.kind === kind) current.items.push(item);
      else blocks.push({ kind, items: [item] });
    } else if (heading) {
      blocks.push({ kind: 'heading', text: heading[1]! });
    } else if (current?.kind === 'p') {
      current.lines.push(line);
    } else {
      blocks.push({ kind: 'p', lines: [line] });
    }
    open = !heading;
  }
  return blocks;
}

function inline(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const match of text.matchAll(INLINE)) {
    if (match.index > at) parts.push(text.slice(at, match.index));
    const [whole, label, href, bold] = match;
    const key = `${match.index}:${whole}`;
    if (bold !== undefined) parts.push(<strong key={key}>{bold}</strong>);
    else if (href !== undefined && isSitePath(href))
      parts.push(
        <Link key={key} to={href}>
          {label}
        </Link>,
      );
    else parts.push(label);
    at = match.index + whole.length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}

function renderBlock(block: Block, index: number) {
  if (block.kind === 'heading')
    return (
      <p key={index} className="chat-text-heading">
        <strong>{inline(block.text)}</strong>
      </p>
    );
  if (block.kind === 'p')
    return (
      <p key={index}>
        {block.lines.map((line, i) => (
          <span key={i}>
            {i > 0 ? <br /> : null}
            {inline(line)}
          </span>
        ))}
      </p>
    );
  const List = block.kind;
  return (
    <List key={index}>
      {block.items.map((item, i) => (
        <li key={i}>{inline(item)}</li>
      ))}
    </List>
  );
}

export function MessageText({ text }: { text: string }) {
  return <div className="chat-text">{blocksOf(text).map(renderBlock)}</div>;
}
