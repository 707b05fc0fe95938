// Component tests: the DOM is cleaned after each test; what jsdom lacks and React Aria uses is filled in.
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom has no CSS.escape, which React Aria's modal uses when it opens.
const css = (globalThis as { CSS?: { escape?: (value: string) => string } }).CSS;
if (!css?.escape) {
  const escape = (value: string) => value.replace(/[^\w-]/g, (char) => `\\${char}`);
  Object.assign(globalThis, { CSS: { ...css, escape } });
}

afterEach(() => cleanup());
