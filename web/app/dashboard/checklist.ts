// "What to do next" on the dashboard's home: the steps from sign-up to a live club, each ticked from the
// creator's own data, in the order a new creator takes them. Pure, so every rule is tested on its own.
import type { Profile, RecommendationView, TravelPackage } from '@travelclub/contracts';

export type StepId = 'slug' | 'hero' | 'stay' | 'package' | 'share' | 'verified';

export interface ChecklistStep {
  id: StepId;
  title: string;
  done: boolean;
  /** What the step is for, or where it stands once done. */
  text: string;
  /** Where the step is done; the share step copies the link instead. */
  action: { to: string; label: string } | { copy: true; label: string };
}

export interface ChecklistInput {
  profile: Pick<Profile, 'slug' | 'publicName' | 'verified' | 'creatorProfile'>;
  recommendations: readonly Pick<RecommendationView, 'id'>[];
  packages: readonly Pick<TravelPackage, 'status'>[];
  /** The creator copied their club's link from here (remembered by this browser). */
  shared: boolean;
}

/** The address the creator service makes from a name (docs/creator.md), so the web can tell it from a chosen one. */
export function slugFromName(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 30)
    .replace(/-+$/, '');
  return base.length >= 3 ? base : `club-${base || 'traveller'}`.slice(0, 30);
}

/** The address was given, not chosen: the one made from the name, or that one with a number (`ann-2`). */
export function isGivenSlug(slug: string, publicName: string): boolean {
  const base = slugFromName(publicName);
  if (slug === base) return true;
  const numbered = /^(.+)(-\d+)$/.exec(slug);
  if (!numbered) return false;
  const [, prefix, suffix] = numbered;
  return prefix === base.slice(0, 30 - suffix!.length).replace(/-+$/, '');
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function slugStep({ profile }: ChecklistInput): ChecklistStep {
  const done = !isGivenSlug(profile.slug, profile.publicName);
  return {
    id: 'slug',
    title: 'Claim your club address',
    done,
    text: done
      ? `Your club lives at /user/${profile.slug}.`
      : `Your club is at /user/${profile.slug}, an address made from your name. Choose one your followers will remember.`,
    action: { to: '/dashboard/club-settings', label: done ? 'Change address' : 'Choose your address' },
  };
}

function heroStep({ profile }: ChecklistInput): ChecklistStep {
  const done = Boolean(profile.creatorProfile?.heroImage);
  return {
    id: 'hero',
    title: 'Add a hero image',
    done,
    text: done
      ? 'Your club has its hero image.'
      : 'The big photo at the top of your club. Pick one that shows where you travel.',
    action: { to: '/dashboard/club-settings#hero-image', label: done ? 'Change image' : 'Add a hero image' },
  };
}

function stayStep({ recommendations }: ChecklistInput): ChecklistStep {
  const done = recommendations.length > 0;
  return {
    id: 'stay',
    title: 'Recommend your first stay',
    done,
    text: done
      ? `${count(recommendations.length, 'stay', 'stays')} recommended.`
      : 'Pick a hotel you loved and say why, in your own words.',
    action: { to: '/dashboard/stays/add', label: done ? 'Recommend another' : 'Recommend a stay' },
  };
}

function packageStep({ packages }: ChecklistInput): ChecklistStep {
  const live = packages.filter((p) => p.status === 'active').length;
  const drafts = packages.length - live;
  let text = 'Put days, stays and a price together into a trip your followers can book.';
  if (live > 0) text = `${count(live, 'package', 'packages')} live.`;
  else if (drafts > 0) text = `You have ${count(drafts, 'draft', 'drafts')}: publish one when it is ready.`;
  return {
    id: 'package',
    title: 'Publish a package',
    done: live > 0,
    text,
    action:
      drafts > 0 && live === 0
        ? { to: '/dashboard/manage-itineraries', label: 'Open your drafts' }
        : { to: '/dashboard/experiences/add', label: live > 0 ? 'Build another' : 'Build a package' },
  };
}

function shareStep({ shared }: ChecklistInput): ChecklistStep {
  return {
    id: 'share',
    title: 'Share your link',
    done: shared,
    text: shared
      ? 'Link copied. Put it in your bio and your posts.'
      : 'Put your club’s link in your bio so your followers find it.',
    action: { copy: true, label: 'Copy link' },
  };
}

function verifiedStep({ profile }: ChecklistInput): ChecklistStep {
  return {
    id: 'verified',
    title: 'Get verified',
    done: profile.verified,
    text: profile.verified
      ? 'Your club is verified: it shows the badge.'
      : 'Verified clubs show a badge, so your followers know it is really you.',
    action: { to: '/dashboard/settings#verification', label: 'Request verification' },
  };
}

export function checklistOf(input: ChecklistInput): ChecklistStep[] {
  return [slugStep, heroStep, stayStep, packageStep, shareStep, verifiedStep].map((step) => step(input));
}

const sharedKey = (userId: string) => `tc-club-link-shared:${userId}`;

/** Whether this browser copied the creator's link before (storage may be off: then it did not). */
export function wasShared(userId: string): boolean {
  try {
    return localStorage.getItem(sharedKey(userId)) === '1';
  } catch {
    return false;
  }
}

export function rememberShared(userId: string): void {
  try {
    localStorage.setItem(sharedKey(userId), '1');
  } catch {
    // Storage off (private mode): the step simply stays open.
  }
}
