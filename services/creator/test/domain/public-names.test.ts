// Public names compare as a reader sees them: case, accents, spacing, compatibility forms, invisible characters
// and look-alike letters of other scripts aside.
import { describe, expect, it } from 'vitest';
import { publicNameKey } from '../../src/domain/public-names.js';

describe('publicNameKey', () => {
  it('reads look-alikes as the same name', () => {
    const key = publicNameKey('Cara Creator');
    for (const lookalike of [
      'CARA CREATOR',
      'Cára Créator',
      '\u0421ara Creat\u03bfr', // Cyrillic С, Greek ο
      '\uff43\uff41\uff52\uff41 Creator', // full-width
      '\u2102\ud835\udd52\ud835\udd63\ud835\udd52 Creator', // double-struck
      'Ca\u200bra\u00a0 Creator ', // a zero-width space, a no-break space, a trailing space
    ])
      expect(publicNameKey(lookalike)).toBe(key);
    // A capital I passes for a lower-case l.
    expect(publicNameKey('CaIa Creator')).toBe(publicNameKey('Cala Creator'));
    // Every ASCII character compares alike in either case.
    for (let code = 32; code < 127; code++) {
      const c = String.fromCharCode(code);
      expect(publicNameKey(`Cara ${c.toUpperCase()}`)).toBe(publicNameKey(`cara ${c.toLowerCase()}`));
    }
  });

  it('keeps different names apart', () => {
    expect(publicNameKey('Cara Creators')).not.toBe(publicNameKey('Cara Creator'));
    expect(publicNameKey('Clara Creator')).not.toBe(publicNameKey('Cara Creator'));
  });
});
