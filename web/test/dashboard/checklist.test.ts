// The dashboard home's checklist rules: each step ticked from the creator's own data, in the order a new
// creator takes them, and each step's words and way on in both states.
import { describe, expect, it } from 'vitest';
import { checklistOf, isGivenSlug, slugFromName, type ChecklistInput } from '~/dashboard/checklist';
import { anImage, aPackage, aProfile, aRecommendation } from './harness';

const input = (overrides: Partial<ChecklistInput> = {}): ChecklistInput => ({
  profile: aProfile({ publicName: 'Cara Jones', slug: 'cara-jones' }),
  recommendations: [],
  packages: [],
  shared: false,
  ...overrides,
});
const step = (steps: ReturnType<typeof checklistOf>, id: string) => steps.find((s) => s.id === id)!;

describe('the checklist', () => {
  it('lists the six steps in order, none done for a creator who just signed up', () => {
    const steps = checklistOf(input());
    expect(steps.map((s) => s.title)).toEqual([
      'Claim your club address',
      'Add a hero image',
      'Recommend your first stay',
      'Publish a package',
      'Share your link',
      'Get verified',
    ]);
    expect(steps.every((s) => !s.done)).toBe(true);
  });

  it('says what each open step is for and where it is done', () => {
    const steps = checklistOf(input());
    expect(steps.map((s) => [s.text, 'to' in s.action ? s.action.to : 'copy', s.action.label])).toEqual([
      [
        'Your club is at /user/cara-jones, an address made from your name. Choose one your followers will remember.',
        '/dashboard/club-settings',
        'Choose your address',
      ],
      [
        'The big photo at the top of your club. Pick one that shows where you travel.',
        '/dashboard/club-settings#hero-image',
        'Add a hero image',
      ],
      ['Pick a hotel you loved and say why, in your own words.', '/dashboard/stays/add', 'Recommend a stay'],
      [
        'Put days, stays and a price together into a trip your followers can book.',
        '/dashboard/experiences/add',
        'Build a package',
      ],
      ['Put your club’s link in your bio so your followers find it.', 'copy', 'Copy link'],
      [
        'Verified clubs show a badge, so your followers know it is really you.',
        '/dashboard/settings#verification',
        'Request verification',
      ],
    ]);
  });

  it('ticks the address once it is not the one made from the name', () => {
    expect(step(checklistOf(input()), 'slug').done).toBe(false);
    const numbered = input({ profile: aProfile({ publicName: 'Cara Jones', slug: 'cara-jones-2' }) });
    expect(step(checklistOf(numbered), 'slug').done).toBe(false);
    const chosen = checklistOf(input({ profile: aProfile({ publicName: 'Cara Jones', slug: 'wanderwithcara' }) }));
    expect(step(chosen, 'slug')).toMatchObject({
      done: true,
      text: 'Your club lives at /user/wanderwithcara.',
      action: { label: 'Change address' },
    });
  });

  it('ticks the hero image once the profile has one', () => {
    const profile = aProfile({ publicName: 'Cara', creatorProfile: { heroImage: anImage('hero') } });
    expect(step(checklistOf(input({ profile })), 'hero')).toMatchObject({
      done: true,
      text: 'Your club has its hero image.',
    });
  });

  it('ticks the first stay once there is a recommendation, and counts them', () => {
    const one = step(checklistOf(input({ recommendations: [aRecommendation()] })), 'stay');
    expect(one).toMatchObject({ done: true, text: '1 stay recommended.', action: { label: 'Recommend another' } });
    const two = checklistOf(input({ recommendations: [aRecommendation(), aRecommendation({ id: 'rec-2' })] }));
    expect(step(two, 'stay').text).toBe('2 stays recommended.');
  });

  it('ticks the package only once one is published; drafts point to the list', () => {
    const drafts = step(checklistOf(input({ packages: [aPackage(), aPackage({ id: 'pkg-2' })] })), 'package');
    expect(drafts).toMatchObject({
      done: false,
      text: 'You have 2 drafts: publish one when it is ready.',
      action: { to: '/dashboard/manage-itineraries', label: 'Open your drafts' },
    });
    const oneDraft = step(checklistOf(input({ packages: [aPackage()] })), 'package');
    expect(oneDraft.text).toBe('You have 1 draft: publish one when it is ready.');
    const live = step(checklistOf(input({ packages: [aPackage({ status: 'active' }), aPackage()] })), 'package');
    expect(live).toMatchObject({ done: true, text: '1 package live.', action: { label: 'Build another' } });
  });

  it('ticks sharing once the link was copied, and verification once the club is verified', () => {
    expect(step(checklistOf(input({ shared: true })), 'share')).toMatchObject({
      done: true,
      text: 'Link copied. Put it in your bio and your posts.',
    });
    const verified = input({ profile: aProfile({ publicName: 'Cara', verified: true }) });
    expect(step(checklistOf(verified), 'verified')).toMatchObject({
      done: true,
      text: 'Your club is verified: it shows the badge.',
    });
  });
});

describe('the address made from a name', () => {
  it('follows the creator service: ASCII, lower case, single hyphens, 3 to 30 characters', () => {
    expect(slugFromName('Cara Jones')).toBe('cara-jones');
    expect(slugFromName('  Zoë  Ångström!  ')).toBe('zoe-angstrom');
    expect(slugFromName('Al')).toBe('club-al');
    expect(slugFromName('李')).toBe('club-traveller');
    expect(slugFromName('A very long name that goes on and on')).toBe('a-very-long-name-that-goes-on');
  });

  it('knows its numbered alternatives, and nothing else', () => {
    expect(isGivenSlug('cara-jones', 'Cara Jones')).toBe(true);
    expect(isGivenSlug('cara-jones-17', 'Cara Jones')).toBe(true);
    expect(isGivenSlug('cara-17', 'Cara Jones')).toBe(false);
    expect(isGivenSlug('c-2', 'Cara Jones')).toBe(false);
    expect(isGivenSlug('cara-jones-travels', 'Cara Jones')).toBe(false);
    expect(isGivenSlug('a-very-long-name-that-goes-o-2', 'A very long name that goes on and on')).toBe(true);
  });
});
