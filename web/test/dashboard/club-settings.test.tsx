// Club settings: the form rules and their texts, the club address typed lower-cased and checked once typing
// pauses (every answer's text, and why an address cannot be had), saving only what changed (and the service's
// refusals of an address in its own words), and the two pictures: a preview before any byte is sent, the
// upload's progress, its answer.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorCatalogue } from '@travelclub/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clubMessages, imageMessages, typedSlug, validateSlug } from '~/dashboard/club-rules';
import { NOTHING_TO_SAVE, SAVED } from '~/dashboard/club-details-form';
import { IMAGE_SAVED } from '~/dashboard/image-field';
import { SLUG_CHECK_FAILED, SLUG_OWN, SLUG_RESERVED, SLUG_TAKEN } from '~/dashboard/slug-field';
import ClubSettings, { loader } from '~/routes/dashboard-club-settings';
import {
  anImage,
  answers,
  aProfile,
  callsOf,
  newCreatorAnswers,
  refusal,
  renderRoutes,
  resetApi,
  signedInArgs,
  uploadsOf,
} from './harness';

vi.mock('~/lib/browser-api', async () => (await import('./harness')).browserApi);

const createObjectURL = vi.fn((file: File) => `blob:preview/${file.name}`);
const revokeObjectURL = vi.fn();

beforeEach(() => {
  resetApi();
  createObjectURL.mockClear();
  revokeObjectURL.mockClear();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
});
afterEach(() => vi.useRealTimers());

const open = () =>
  renderRoutes(
    [
      {
        path: '/dashboard/club-settings',
        Component: ClubSettings,
        loader: (args: never) => loader(signedInArgs(args)),
      },
    ],
    '/dashboard/club-settings',
  );
const slugField = () => screen.findByLabelText('Club address') as Promise<HTMLInputElement>;
const slugStatus = () => document.querySelector('.dash-slug-status')!;
const save = () => screen.getByRole('button', { name: 'Save changes' });

describe('the page', () => {
  it("is framed as 'Club settings' with the profile's values filled in", async () => {
    newCreatorAnswers(aProfile({ publicName: 'Cara Jones', slug: 'cara', currency: 'EUR', country: 'PT' }));
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Club settings' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Dashboard' })).toBeTruthy();
    expect(((await screen.findByLabelText('Public name')) as HTMLInputElement).value).toBe('Cara Jones');
    expect((await slugField()).value).toBe('cara');
    expect(slugStatus().textContent).toBe(SLUG_OWN);
    expect((screen.getByLabelText('Currency') as HTMLSelectElement).value).toBe('EUR');
    expect((screen.getByLabelText('Country') as HTMLSelectElement).value).toBe('PT');
    expect(screen.getByRole('option', { name: 'EUR · Euro' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Portugal' })).toBeTruthy();
    expect(screen.getByText(`${location.host}/user/cara`)).toBeTruthy();
  });
});

describe('the club address', () => {
  it('is lower-cased as it is typed, spaces left out', async () => {
    newCreatorAnswers();
    answers['creator.isAvailable'] = () => ({ isAvailable: true });
    open();
    const field = await slugField();
    await userEvent.setup().type(field, 'X Wander');
    expect(field.value).toBe('carax' + 'wander');
    expect(typedSlug('Cara Jones')).toBe('carajones');
  });

  it('shows the address rules with their exact texts, and asks nothing of a malformed address', async () => {
    newCreatorAnswers();
    const user = userEvent.setup();
    open();
    const field = await slugField();
    await user.clear(field);
    await user.type(field, 'ab');
    expect(screen.getByText(clubMessages.slugTooShort)).toBeTruthy();
    await user.type(field, '-');
    expect(screen.getByText(clubMessages.slugCharacters)).toBeTruthy();
    await user.type(field, '-c');
    expect(screen.getByText('Use letters, digits and single hyphens inside')).toBeTruthy();
    await user.clear(field);
    await user.type(field, 'a'.repeat(31));
    expect(screen.getByText('Use at most 30 characters')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(callsOf('creator.isAvailable')).toHaveLength(0);
    expect(validateSlug('ok-3')).toBeNull();
    expect(validateSlug('café')).toBe(clubMessages.slugCharacters);
  });

  it('is checked once typing pauses for 300 ms, once, and says when it is available', async () => {
    newCreatorAnswers();
    answers['creator.isAvailable'] = () => ({ isAvailable: true });
    const user = userEvent.setup();
    open();
    const field = await slugField();
    await user.clear(field);
    await user.type(field, 'wanderwithcara');
    const typedAt = Date.now();
    expect(callsOf('creator.isAvailable')).toHaveLength(0);
    expect(slugStatus().textContent).toBe('Checking…');
    expect(await screen.findByText('wanderwithcara is available.')).toBeTruthy();
    expect(Date.now() - typedAt).toBeGreaterThanOrEqual(250);
    expect(callsOf('creator.isAvailable')).toEqual([{ params: { handle: 'wanderwithcara' } }]);
  });

  it('says a taken address is taken, in the catalogue’s words, and does not save it', async () => {
    newCreatorAnswers();
    answers['creator.isAvailable'] = () => ({ isAvailable: false });
    const user = userEvent.setup();
    open();
    const field = await slugField();
    await user.clear(field);
    await user.type(field, 'travelclub');
    expect(await screen.findByText(SLUG_TAKEN)).toBeTruthy();
    expect(SLUG_TAKEN).toBe('This club address is already taken. Please choose another one.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    await user.click(save());
    expect(callsOf('creator.updateProfile')).toHaveLength(0);
  });

  it('says live why an address cannot be had (reserved, taken), in the catalogue’s words, and saves neither', async () => {
    expect(SLUG_RESERVED).toBe(errorCatalogue['slug-reserved'].message);
    expect(SLUG_TAKEN).toBe(errorCatalogue['slug-taken'].message);
    newCreatorAnswers();
    answers['creator.isAvailable'] = ({ params }: { params: { handle: string } }) =>
      params.handle === 'dashboard'
        ? { isAvailable: false, reason: 'reserved' }
        : { isAvailable: false, reason: 'taken' };
    const user = userEvent.setup();
    open();
    const field = await slugField();
    await user.clear(field);
    await user.type(field, 'dashboard');
    expect(await screen.findByText(SLUG_RESERVED)).toBeTruthy();
    expect(screen.queryByText(SLUG_TAKEN)).toBeNull();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(slugStatus().getAttribute('data-check')).toBe('reserved');
    await user.click(save());
    expect(callsOf('creator.updateProfile')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, 'someones');
    expect(await screen.findByText(SLUG_TAKEN)).toBeTruthy();
    expect(screen.queryByText(SLUG_RESERVED)).toBeNull();
    await user.click(save());
    expect(callsOf('creator.updateProfile')).toHaveLength(0);
    expect(callsOf('creator.isAvailable')).toEqual([
      { params: { handle: 'dashboard' } },
      { params: { handle: 'someones' } },
    ]);
  });

  it('says an address the service finds malformed breaks the address rules, and does not save it', async () => {
    newCreatorAnswers();
    answers['creator.isAvailable'] = () => ({ isAvailable: false, reason: 'invalid' });
    const user = userEvent.setup();
    open();
    const field = await slugField();
    await user.clear(field);
    await user.type(field, 'odd-one');
    expect(await screen.findByText(clubMessages.slugCharacters)).toBeTruthy();
    expect(screen.queryByText(SLUG_TAKEN)).toBeNull();
    await user.click(save());
    expect(callsOf('creator.updateProfile')).toHaveLength(0);
  });

  it('says when the check itself failed, and lets the creator try to save anyway', async () => {
    newCreatorAnswers();
    answers['creator.isAvailable'] = () => {
      throw refusal(400, 'validation-failed', 'Bad handle');
    };
    const user = userEvent.setup();
    open();
    const field = await slugField();
    await user.clear(field);
    await user.type(field, 'somewhere');
    expect(await screen.findByText(SLUG_CHECK_FAILED)).toBeTruthy();
  });

  it("shows the service's refusals of an address on the field, in its words", async () => {
    const texts = {
      'slug-taken': [409, 'This club address is already taken. Please choose another one.'],
      'slug-reserved': [400, 'This club address is reserved. Please choose another one.'],
      'slug-limit-reached': [
        409,
        'This club has used all the addresses it may have. Please contact support to change it again.',
      ],
    } as const;
    for (const [code, [status, text]] of Object.entries(texts)) {
      resetApi();
      newCreatorAnswers();
      answers['creator.isAvailable'] = () => ({ isAvailable: true });
      answers['creator.updateProfile'] = () => {
        throw refusal(status, code, text);
      };
      const user = userEvent.setup();
      open();
      const field = await slugField();
      await user.clear(field);
      await user.type(field, 'newplace');
      await screen.findByText('newplace is available.');
      await user.click(save());
      expect(await screen.findByText(text)).toBeTruthy();
      expect(field.getAttribute('aria-invalid')).toBe('true');
      // Typing again clears the refusal (it was about the address as it was sent).
      await user.type(field, 's');
      await waitFor(() => expect(screen.queryByText(text)).toBeNull());
      cleanup();
    }
  });
});

describe('saving', () => {
  it('sends only what changed, then says it is saved', async () => {
    newCreatorAnswers();
    answers['creator.isAvailable'] = () => ({ isAvailable: true });
    answers['creator.updateProfile'] = ({ body }: { body: object }) =>
      aProfile({ ...body, updatedAt: '2026-11-21T00:00:00.000Z' });
    const user = userEvent.setup();
    open();
    const name = await screen.findByLabelText('Public name');
    await user.clear(name);
    await user.type(name, '  Cara Jones ');
    await user.selectOptions(screen.getByLabelText('Currency'), 'EUR');
    await user.click(save());
    expect(await screen.findByText(SAVED)).toBeTruthy();
    expect(callsOf('creator.updateProfile')).toEqual([{ body: { publicName: 'Cara Jones', currency: 'EUR' } }]);
    expect((screen.getByLabelText('Public name') as HTMLInputElement).value).toBe('Cara Jones');
  });

  it('sends the new address with the rest', async () => {
    newCreatorAnswers();
    answers['creator.isAvailable'] = () => ({ isAvailable: true });
    answers['creator.updateProfile'] = ({ body }: { body: object }) => aProfile(body);
    const user = userEvent.setup();
    open();
    const field = await slugField();
    await user.clear(field);
    await user.type(field, 'Wander-With-Cara');
    await user.selectOptions(screen.getByLabelText('Country'), 'PT');
    await user.click(save());
    expect(await screen.findByText(SAVED)).toBeTruthy();
    expect(callsOf('creator.updateProfile')).toEqual([{ body: { slug: 'wander-with-cara', country: 'PT' } }]);
    expect(slugStatus().textContent).toBe(SLUG_OWN);
  });

  it('requires a public name of at most 80 characters, and says when nothing changed', async () => {
    newCreatorAnswers();
    const user = userEvent.setup();
    open();
    const name = await screen.findByLabelText('Public name');
    await user.clear(name);
    expect(screen.getByText(clubMessages.nameRequired)).toBeTruthy();
    expect(clubMessages.nameRequired).toBe('Public name is required');
    await user.click(save());
    expect(callsOf('creator.updateProfile')).toHaveLength(0);
    await user.click(name);
    await user.paste('x'.repeat(81));
    expect(screen.getByText('Use at most 80 characters')).toBeTruthy();
    await user.clear(name);
    await user.type(name, 'Cara');
    await user.click(save());
    expect(await screen.findByText(NOTHING_TO_SAVE)).toBeTruthy();
    expect(callsOf('creator.updateProfile')).toHaveLength(0);
  });

  it("shows another refusal in the red 'Error' callout", async () => {
    newCreatorAnswers();
    answers['creator.updateProfile'] = () => {
      throw refusal(503, 'service-unavailable', 'The service is not available right now.');
    };
    const user = userEvent.setup();
    open();
    await user.selectOptions(await screen.findByLabelText('Currency'), 'GBP');
    await user.click(save());
    expect((await screen.findByRole('alert')).textContent).toBe('ErrorThe service is not available right now.');
  });
});

describe('the pictures', () => {
  const photo = (name = 'beach.jpg', type = 'image/jpeg', size = 2048) =>
    new File([new Uint8Array(size)], name, { type });
  const fileInputOf = (title: string) =>
    screen.getByRole('heading', { level: 3, name: title }).closest('section')!.querySelector('input[type=file]')!;

  it('previews a picked hero image at once, shows the upload’s progress, then says it is saved', async () => {
    newCreatorAnswers();
    let finish: (value: unknown) => void = () => undefined;
    let progress: (share: number) => void = () => undefined;
    answers['creator.uploadHeroImage'] = (_input, { options }) => {
      progress = options.onProgress;
      return new Promise((resolve) => (finish = resolve));
    };
    const user = userEvent.setup();
    open();
    await screen.findByRole('heading', { level: 3, name: 'Hero image' });
    const hero = within(screen.getByRole('heading', { level: 3, name: 'Hero image' }).closest('section')!);
    expect(hero.getByText('No picture yet')).toBeTruthy();
    await user.upload(fileInputOf('Hero image') as HTMLInputElement, photo());
    expect(hero.getByRole('img', { name: "Your club's hero image" }).getAttribute('src')).toBe(
      'blob:preview/beach.jpg',
    );
    expect(hero.getByText('Uploading… 0%')).toBeTruthy();
    progress(0.42);
    expect(await hero.findByText('Uploading… 42%')).toBeTruthy();
    expect(hero.getByRole('progressbar', { name: 'Uploading hero image' }).getAttribute('value')).toBe('0.42');
    finish(aProfile({ creatorProfile: { heroImage: anImage('hero-1') } }));
    expect(await hero.findByText(IMAGE_SAVED)).toBeTruthy();
    expect(hero.queryByRole('progressbar')).toBeNull();
    const [sent] = uploadsOf('creator.uploadHeroImage');
    expect(sent!.input).toEqual({ params: { id: 'cara-1' } });
    expect((sent!.form.get('image') as File).name).toBe('beach.jpg');
    expect(hero.getByRole('button', { name: 'Change picture' })).toBeTruthy();
  });

  it('uploads a profile picture through its own route', async () => {
    newCreatorAnswers(aProfile({ creatorProfile: { profilePicture: anImage('me') } }));
    answers['creator.uploadProfilePicture'] = () => aProfile({ creatorProfile: { profilePicture: anImage('me-2') } });
    const user = userEvent.setup();
    open();
    const heading = await screen.findByRole('heading', { level: 3, name: 'Profile picture' });
    const picture = within(heading.closest('section')!);
    expect(picture.getByRole('img', { name: 'Your profile picture' }).getAttribute('src')).toBe(
      'https://travelclub.test/api/v1/media/me/600.jpg',
    );
    await user.upload(fileInputOf('Profile picture') as HTMLInputElement, photo('me.png', 'image/png'));
    expect(await picture.findByText(IMAGE_SAVED)).toBeTruthy();
    expect(uploadsOf('creator.uploadProfilePicture')).toHaveLength(1);
    expect(uploadsOf('creator.uploadHeroImage')).toHaveLength(0);
  });

  it('refuses a file that is not a picture, or too large, before sending it', async () => {
    newCreatorAnswers();
    open();
    await screen.findByRole('heading', { level: 3, name: 'Hero image' });
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(fileInputOf('Hero image') as HTMLInputElement, photo('notes.pdf', 'application/pdf'));
    expect((await screen.findByRole('alert')).textContent).toBe(`Error${imageMessages.type}`);
    await user.upload(
      fileInputOf('Hero image') as HTMLInputElement,
      photo('huge.jpg', 'image/jpeg', 10 * 1024 * 1024 + 1),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'ErrorThe image is too large. Please upload one under 10 MB and 40 megapixels.',
    );
    expect(uploadsOf('creator.uploadHeroImage')).toHaveLength(0);
    expect(createObjectURL).not.toHaveBeenCalled();
  });

  it("shows the server's refusal and drops the preview", async () => {
    newCreatorAnswers();
    answers['creator.uploadHeroImage'] = () => {
      throw refusal(415, 'image-type-not-allowed', 'Please upload a JPEG, PNG, WebP or AVIF image.');
    };
    const user = userEvent.setup();
    open();
    await screen.findByRole('heading', { level: 3, name: 'Hero image' });
    await user.upload(fileInputOf('Hero image') as HTMLInputElement, photo('disguised.jpg'));
    expect((await screen.findByRole('alert')).textContent).toBe('ErrorPlease upload a JPEG, PNG, WebP or AVIF image.');
    expect(screen.queryByRole('img', { name: "Your club's hero image" })).toBeNull();
    await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:preview/disguised.jpg'));
  });
});
