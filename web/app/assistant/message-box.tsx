// Where the creator writes to Taylor: a text area (Enter sends, Shift+Enter starts a new line) and a Send button.
// Writing goes on while Taylor answers; sending waits until the answer is done.
import { useId, useState, type FormEvent, type KeyboardEvent, type Ref } from 'react';
import { Button } from '~/ui/button';

/** The contract's assistantLimits.maxMessageChars, kept here so the page does not carry zod (docs/web.md). */
export const MESSAGE_MAX = 2_000;
export const BOX_LABEL = 'Message Taylor';
export const SEND = 'Send';
export const WRITE_FIRST = 'Write a message to Taylor';
export const TOO_LONG = `Use at most ${MESSAGE_MAX.toLocaleString('en-US')} characters`;
const HINT = 'Enter sends, Shift+Enter starts a new line.';
const WAIT = 'Taylor is answering. You can send again when the answer is done.';

export interface MessageBoxProps {
  value: string;
  onChange: (value: string) => void;
  onSend: (text: string) => void;
  busy: boolean;
  ref?: Ref<HTMLTextAreaElement>;
}

export function MessageBox({ value, onChange, onSend, busy, ref }: MessageBoxProps) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const length = value.trim().length;
  const over = length > MESSAGE_MAX;
  const shown = over ? TOO_LONG : problem;

  function send(event?: FormEvent) {
    event?.preventDefault();
    if (busy) return;
    if (length === 0) return setProblem(WRITE_FIRST);
    if (over) return;
    setProblem(null);
    onSend(value.trim());
  }

  function keyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  }

  return (
    <form className="chat-box field" onSubmit={send} noValidate>
      <label htmlFor={`${id}-text`}>{BOX_LABEL}</label>
      <textarea
        ref={ref}
        id={`${id}-text`}
        rows={3}
        value={value}
        placeholder="Ask about hotels, trips or your numbers"
        aria-describedby={`${id}-hint${shown ? ` ${id}-problem` : ''}`}
        aria-invalid={shown ? true : undefined}
        onChange={(event) => {
          onChange(event.target.value);
          if (problem) setProblem(null);
        }}
        onKeyDown={keyDown}
      />
      <div className="chat-box-foot">
        <p id={`${id}-hint`} className="field-hint">
          {busy ? WAIT : HINT}
        </p>
        <Button type="submit" isDisabled={busy}>
          {SEND}
        </Button>
      </div>
      {shown ? (
        <p id={`${id}-problem`} className="field-error">
          {shown}
        </p>
      ) : null}
    </form>
  );
}
