// The recommended stay's rules as the browser checks them: the contract's limits on title and text (counted as
// saved, trimmed), the photos' types, sizes and number, and the upload's whole size.
import { describe, expect, it } from 'vitest';
import {
  admitFiles,
  counterText,
  fileError,
  formTooLarge,
  textError,
  titleError,
  TOO_MANY_IMAGES,
} from '~/stays/rules';
import { refusalOf, stayForm } from '~/stays/save-stay';
import { photo, refusal } from './harness';

const MB = 1024 * 1024;

describe('title and text', () => {
  it('needs a title of at most 80 characters, counted without the spaces around it', () => {
    expect(titleError('')).toBe('Give your recommendation a title');
    expect(titleError('   ')).toBe('Give your recommendation a title');
    expect(titleError('x'.repeat(80))).toBeNull();
    expect(titleError(`  ${'x'.repeat(80)}  `)).toBeNull();
    expect(titleError('x'.repeat(81))).toBe('Use at most 80 characters');
  });

  it('takes a text of at most 2,000 characters, or none', () => {
    expect(textError('')).toBeNull();
    expect(textError('y'.repeat(2_000))).toBeNull();
    expect(textError('y'.repeat(2_001))).toBe('Use at most 2,000 characters');
  });

  it('counts what will be saved', () => {
    expect(counterText('  Sunset views ', 80)).toBe('12 / 80');
    expect(counterText('y'.repeat(2_001), 2_000)).toBe('2,001 / 2,000');
  });
});

describe('photos', () => {
  it('takes JPEG, PNG, WebP and AVIF files up to 10 MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/avif'])
      expect(fileError(photo('a', type, 10 * MB))).toBeNull();
    expect(fileError(photo('anim.gif', 'image/gif'))).toBe('“anim.gif” is not a JPEG, PNG, WebP or AVIF image.');
    expect(fileError(photo('notes.pdf', 'application/pdf'))).toBe(
      '“notes.pdf” is not a JPEG, PNG, WebP or AVIF image.',
    );
    expect(fileError(photo('huge.jpg', 'image/jpeg', 10 * MB + 1))).toBe(
      '“huge.jpg” is larger than 10 MB. Please choose a smaller photo.',
    );
  });

  it('adds photos up to the limit and says what it left out', () => {
    const kept = Array.from({ length: 10 }, (_, i) => photo(`k${i}.jpg`));
    const chosen = [photo('a.jpg'), photo('bad.gif', 'image/gif'), photo('b.jpg'), photo('c.jpg')];
    const { admitted, refusals } = admitFiles(kept, chosen, 12);
    expect(admitted.map((f) => f.name)).toEqual(['a.jpg', 'b.jpg']);
    expect(refusals).toEqual(['“bad.gif” is not a JPEG, PNG, WebP or AVIF image.', TOO_MANY_IMAGES]);
    expect(TOO_MANY_IMAGES).toBe('You can add at most 12 photos. Remove one to add another.');
  });

  it('keeps one upload under the gateway’s 32 MB', () => {
    expect(formTooLarge([photo('a.jpg', 'image/jpeg', 16 * MB), photo('b.jpg', 'image/jpeg', 16 * MB)])).toBe(false);
    expect(formTooLarge([photo('a.jpg', 'image/jpeg', 16 * MB), photo('b.jpg', 'image/jpeg', 16 * MB + 1)])).toBe(true);
  });
});

describe('the form sent', () => {
  it('carries the trimmed words, then the cover, the tile and each photo under the service’s field names', () => {
    const [cover, tile, a, b] = [photo('c.jpg'), photo('t.png', 'image/png'), photo('a.jpg'), photo('b.webp')];
    const form = stayForm({ title: ' Sunset ', text: ' Top floor. ', cover: [cover], tile: [tile], images: [a, b] });
    expect([...form.keys()]).toEqual(['title', 'text', 'cover', 'tile', 'images', 'images']);
    expect(form.get('title')).toBe('Sunset');
    expect(form.get('text')).toBe('Top floor.');
    expect((form.get('cover') as File).name).toBe('c.jpg');
    expect((form.getAll('images') as File[]).map((f) => f.name)).toEqual(['a.jpg', 'b.webp']);
  });

  it('reads a refusal: the API’s message, or the fields a validation refusal names', () => {
    const tooBig = refusal(413, 'image-too-large', 'The image is too large.');
    expect(refusalOf(tooBig)).toEqual({ message: 'The image is too large.', fields: {} });
    const invalid = refusal(400, 'validation-failed', 'The request is not valid.', [
      { path: 'title', message: 'Too long' },
      { path: 'images', message: 'At most 12 photos besides the cover and tile' },
    ]);
    expect(refusalOf(invalid)).toEqual({
      message: 'Please check the fields marked below.',
      fields: { title: 'Too long', images: 'At most 12 photos besides the cover and tile' },
    });
    const unreadable = refusal(400, 'validation-failed', 'The request is not valid.', [
      { path: 'body', message: 'The upload could not be read' },
    ]);
    expect(refusalOf(unreadable).message).toBe('The request is not valid. The upload could not be read');
  });
});
