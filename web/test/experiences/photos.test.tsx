// A saved package's photos: the cover and the gallery go up through the multipart upload (field `cover` or
// `image`), each shown at once from the browser's copy with its progress, one after another; files the
// pipeline would refuse are refused first with its words, the API's refusals are shown, and stored photos are
// removed by their publicId.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import EditExperience, { loader } from '~/routes/dashboard-experience';
import {
  aPackage,
  answers,
  asset,
  callsOf,
  catalogAnswers,
  refusal,
  renderRoutes,
  resetApi,
  setUploadAnswer,
  uploads,
  type UploadCall,
} from './harness';

vi.mock('~/lib/browser-api', async () => (await import('./harness')).browserApi);

const routes = [{ path: '/dashboard/experiences/:id', Component: EditExperience, loader }];
const jpeg = (name: string, size = 2048) => new File([new Uint8Array(size)], name, { type: 'image/jpeg' });

let previews = 0;
const createObjectURL = vi.fn(() => `blob:preview-${++previews}`);
const revokeObjectURL = vi.fn();

/** Uploads held open until the test answers them. */
function holdUploads() {
  const held: { call: UploadCall; answer: (value: unknown) => void; fail: (err: unknown) => void }[] = [];
  setUploadAnswer(
    (call) =>
      new Promise((resolve, reject) => {
        held.push({ call, answer: resolve, fail: reject });
      }),
  );
  return held;
}

async function open(pkg = aPackage()) {
  answers['creator.readPackage'] = () => pkg;
  const user = userEvent.setup({ delay: null, applyAccept: false });
  renderRoutes(routes, `/dashboard/experiences/${pkg.id}`);
  await screen.findByRole('heading', { level: 2, name: 'Photos' });
  return user;
}

const fileInput = (group: 'Cover photo' | 'Gallery') =>
  screen.getByRole('group', { name: group }).querySelector('input[type="file"]') as HTMLInputElement;

beforeEach(() => {
  resetApi();
  catalogAnswers();
  previews = 0;
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  createObjectURL.mockClear();
  revokeObjectURL.mockClear();
});
afterEach(() => vi.restoreAllMocks());

describe('the cover photo', () => {
  it('shows the file at once with its progress, sends it as `cover`, then shows the stored photo', async () => {
    const held = holdUploads();
    const user = await open();
    const file = jpeg('tram.jpg');
    await user.upload(fileInput('Cover photo'), file);

    const preview = await screen.findByRole('img', { name: 'Preview of tram.jpg' });
    expect(preview.getAttribute('src')).toBe('blob:preview-1');
    await waitFor(() => expect(held).toHaveLength(1));
    expect(held[0]!.call.name).toBe('creator.addPackageImage');
    expect(held[0]!.call.input).toEqual({ params: { id: 'pkg-1' } });
    expect(held[0]!.call.form.get('cover')).toBe(file);
    expect(held[0]!.call.form.get('image')).toBeNull();

    act(() => held[0]!.call.onProgress?.(0.4));
    const bar = screen.getByRole('progressbar', { name: 'Uploading tram.jpg' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(within(bar).getByText('40%')).toBeTruthy();

    await act(async () => held[0]!.answer(aPackage({ cover: asset('c1') })));
    const cover = await screen.findByRole('img', { name: 'Cover photo' });
    expect(cover.getAttribute('src')).toBe('https://img.example/c1-600.jpg');
    expect(screen.queryByRole('img', { name: 'Preview of tram.jpg' })).toBeNull();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
    expect(screen.getByRole('button', { name: 'Replace the cover' })).toBeTruthy();
  });

  it("shows the API's refusal beside the preview until dismissed", async () => {
    setUploadAnswer(async () => {
      throw refusal(415, 'image-type-not-allowed', 'Please upload a JPEG, PNG, WebP or AVIF image.');
    });
    const user = await open();
    await user.upload(fileInput('Cover photo'), jpeg('fake.jpg'));
    expect(await screen.findByText('fake.jpg: Please upload a JPEG, PNG, WebP or AVIF image.')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Preview of fake.jpg' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Dismiss fake.jpg' }));
    expect(screen.queryByRole('img', { name: 'Preview of fake.jpg' })).toBeNull();
  });

  it('is removed by its publicId', async () => {
    answers['creator.removePackageImage'] = () => undefined;
    const user = await open(aPackage({ cover: asset('c1') }));
    await user.click(screen.getByRole('button', { name: 'Remove cover photo' }));
    await waitFor(() => expect(screen.queryByRole('img', { name: 'Cover photo' })).toBeNull());
    expect(callsOf('creator.removePackageImage')).toEqual([{ params: { id: 'pkg-1' }, query: { publicId: 'c1' } }]);
    expect(screen.getByRole('button', { name: 'Choose a cover photo' })).toBeTruthy();
  });
});

describe('the gallery', () => {
  it('sends several photos as `image`, one after another', async () => {
    const held = holdUploads();
    const user = await open();
    await user.upload(fileInput('Gallery'), [jpeg('a.jpg'), jpeg('b.jpg')]);
    expect(await screen.findByRole('img', { name: 'Preview of a.jpg' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Preview of b.jpg' })).toBeTruthy();
    await waitFor(() => expect(held).toHaveLength(1));
    expect((held[0]!.call.form.get('image') as File).name).toBe('a.jpg');

    await act(async () => held[0]!.answer(aPackage({ gallery: [asset('a')] })));
    await waitFor(() => expect(held).toHaveLength(2));
    expect((held[1]!.call.form.get('image') as File).name).toBe('b.jpg');
    await act(async () => held[1]!.answer(aPackage({ gallery: [asset('a'), asset('b')] })));

    const gallery = screen.getByRole('list', { name: 'Gallery' });
    await waitFor(() =>
      expect(
        within(gallery)
          .getAllByRole('img')
          .map((img) => img.getAttribute('alt')),
      ).toEqual(['Photo 1', 'Photo 2']),
    );
    expect(screen.getByText('2 of 20 photos. JPEG, PNG, WebP or AVIF, up to 10 MB each.')).toBeTruthy();
  });

  it('refuses, before sending, a file that is no photo, one over 10 MB, and one the gallery has no room for', async () => {
    setUploadAnswer(async () =>
      aPackage({ gallery: [...Array.from({ length: 19 }, (_, i) => asset(`p${i}`)), asset('ok')] }),
    );
    const user = await open(aPackage({ gallery: Array.from({ length: 19 }, (_, i) => asset(`p${i}`)) }));
    const gif = new File(['GIF89a'], 'anim.gif', { type: 'image/gif' });
    await user.upload(fileInput('Gallery'), [
      gif,
      jpeg('huge.jpg', 10 * 1024 * 1024 + 1),
      jpeg('ok.jpg'),
      jpeg('late.jpg'),
    ]);
    expect(await screen.findByText('anim.gif: Please upload a JPEG, PNG, WebP or AVIF image.')).toBeTruthy();
    expect(
      screen.getByText('huge.jpg: The image is too large. Please upload one under 10 MB and 40 megapixels.'),
    ).toBeTruthy();
    expect(screen.getByText('late.jpg: The gallery holds at most 20 photos.')).toBeTruthy();
    await waitFor(() => expect(uploads.map((u) => (u.form.get('image') as File).name)).toEqual(['ok.jpg']));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add photos' })).toHaveProperty('disabled', true));
  });

  it('removes a photo by its publicId', async () => {
    answers['creator.removePackageImage'] = () => undefined;
    const user = await open(aPackage({ gallery: [asset('p1'), asset('p2')] }));
    await user.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    const gallery = screen.getByRole('list', { name: 'Gallery' });
    await waitFor(() => expect(within(gallery).getAllByRole('img')).toHaveLength(1));
    expect(within(gallery).getByRole('img').getAttribute('src')).toBe('https://img.example/p2-600.jpg');
    expect(callsOf('creator.removePackageImage')).toEqual([{ params: { id: 'pkg-1' }, query: { publicId: 'p1' } }]);
  });

  it('says so when a photo cannot be removed', async () => {
    answers['creator.removePackageImage'] = () => {
      throw refusal(404, 'image-not-found', 'Image not found');
    };
    const user = await open(aPackage({ gallery: [asset('p1')] }));
    await user.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    expect(await screen.findByText('Image not found')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Photo 1' })).toBeTruthy();
  });
});
