// The top of every club page: the creator's hero image (the page's largest paint: in the HTML at 600 px, eager
// and first in line), their picture, public name, verified badge, bio and links, then the tabs. Pages inside a
// tab (a guide, a trip) get the compact form, so their own title is the page's heading.
import type { ImageAsset } from '@travelclub/contracts';
import { Link, NavLink } from 'react-router';
import { CLUB_TABS, clubPath, paragraphsOf, pictureOf, type ClubData } from './club-data';
import { clubTexts } from './club-texts';
import { safeHref } from './safe-url';

/** The hero's box (4:3); the 600 px variant is the one every screen gets (docs/web-creator.md, "Speed"). */
const HERO = { width: 600, height: 450 } as const;

export function VerifiedBadge() {
  return (
    <span className="verified-badge" role="img" aria-label={clubTexts.verified} title={clubTexts.verified}>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M12 1.5l2.6 1.9 3.2-.1 1 3 2.6 1.9-1 3 1 3-2.6 1.9-1 3-3.2-.1L12 22.5l-2.6-1.9-3.2.1-1-3-2.6-1.9 1-3-1-3 2.6-1.9 1-3 3.2.1z"
        />
        <path fill="none" stroke="var(--on-accent)" strokeWidth="2.2" d="M7.5 12.3l3 3 6-6.3" />
      </svg>
    </span>
  );
}

function Avatar({ name, picture, size }: { name: string; picture?: ImageAsset; size: 'large' | 'small' }) {
  const src = picture?.links['200px'];
  if (!src)
    return (
      <span className="club-avatar club-avatar-initial" data-size={size} aria-hidden="true">
        {name.trim().charAt(0).toUpperCase()}
      </span>
    );
  return <img className="club-avatar" data-size={size} src={src} width="96" height="96" alt="" />;
}

export function ClubTabs({ club }: { club: ClubData }) {
  const { slug, publicName } = club.profile;
  return (
    <nav className="club-tabs" aria-label={clubTexts.tabsLabel(publicName)}>
      <ul>
        {CLUB_TABS.map((tab) => (
          <li key={tab}>
            <NavLink to={clubPath(slug, tab)} end={tab === 'home'} prefetch="intent">
              {clubTexts.tabs[tab]}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function ProfileLinks({ club }: { club: ClubData }) {
  const links = (club.profile.creatorProfile.links ?? []).flatMap((link) => {
    const href = safeHref(link.url);
    return href ? [{ label: link.label, href }] : [];
  });
  if (links.length === 0) return null;
  return (
    <ul className="club-links" aria-label={clubTexts.linksLabel(club.profile.publicName)}>
      {links.map((link) => (
        <li key={link.href}>
          <a href={link.href} rel="noopener noreferrer nofollow ugc">
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  );
}

function Hero({ picture }: { picture?: ImageAsset }) {
  const src = pictureOf(picture);
  if (!src) return <div className="club-hero club-hero-empty" aria-hidden="true" />;
  return (
    <img
      className="club-hero"
      src={src}
      width={HERO.width}
      height={HERO.height}
      alt=""
      loading="eager"
      fetchPriority="high"
    />
  );
}

export function ClubHeader(props: { club: ClubData; compact?: boolean; editLinks?: boolean }) {
  const { club, compact, editLinks } = props;
  const { publicName, verified, creatorProfile } = club.profile;
  const Name = compact ? 'p' : 'h1';
  return (
    <header className="club-header" data-compact={compact || undefined}>
      {compact ? null : <Hero picture={creatorProfile.heroImage} />}
      <div className="club-identity">
        <Avatar name={publicName} picture={creatorProfile.profilePicture} size={compact ? 'small' : 'large'} />
        <div className="club-name-block">
          <Name className="club-name">
            <span>{publicName}</span>
            {verified ? <VerifiedBadge /> : null}
          </Name>
          {editLinks ? (
            <Link className="club-edit-link" to="/dashboard/club-settings">
              {clubTexts.editProfile}
            </Link>
          ) : null}
        </div>
        {compact ? null : (
          <div className="club-bio">
            {paragraphsOf(creatorProfile.bio ?? '').map((paragraph, i) => (
              <p key={i}>{paragraph}</p>
            ))}
            <ProfileLinks club={club} />
          </div>
        )}
      </div>
      <ClubTabs club={club} />
    </header>
  );
}
