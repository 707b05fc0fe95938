// The club's link with a copy button: the one thing a creator shares. The address stays visible and
// selectable (a browser without clipboard access can still copy it by hand); a copy is announced.
import { useEffect, useId, useState } from 'react';
import { Button } from '~/ui/button';

export const COPIED = 'Link copied';
export const COPY_FAILED = 'Could not copy. Select the address and copy it yourself.';

/** Puts text on the clipboard; false where the browser refuses (the text stays on the page to copy by hand). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export function CopyLink({
  url,
  label = 'Copy link',
  onCopied,
}: {
  url: string;
  label?: string;
  onCopied?: () => void;
}) {
  const [said, setSaid] = useState<string | null>(null);
  const id = useId();

  useEffect(() => {
    if (!said) return;
    const timer = setTimeout(() => setSaid(null), 4000);
    return () => clearTimeout(timer);
  }, [said]);

  async function copy() {
    const copied = await copyText(url);
    setSaid(copied ? COPIED : COPY_FAILED);
    if (copied) onCopied?.();
  }

  return (
    <div className="dash-copy">
      <label htmlFor={id} className="visually-hidden">
        Your club’s link
      </label>
      <input id={id} readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
      <Button variant="secondary" onPress={() => void copy()}>
        {label}
      </Button>
      <span role="status" className="dash-copy-status">
        {said}
      </span>
    </div>
  );
}
