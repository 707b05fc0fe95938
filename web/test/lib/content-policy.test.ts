// A page's content policy: inline scripts only with the page's nonce, and the hosts the settings name.
// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '~/lib/content-policy.server';

const directives = (policy: string) =>
  Object.fromEntries(policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));

describe('contentSecurityPolicy', () => {
  it("lets scripts come from the site, and inline ones only with the page's nonce", () => {
    const policy = directives(contentSecurityPolicy({}, 'abc123=='));
    expect(policy['script-src']).toEqual(["'self'", "'nonce-abc123=='"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:']);
  });

  it('admits the image host and a production map style host, not the site again', () => {
    const policy = directives(
      contentSecurityPolicy(
        {
          PUBLIC_URL: 'https://travelclub.example',
          IMAGES_BASE_URL: 'https://images.example/cdn',
          MAP_STYLE_URL: 'https://tiles.example/style.json',
        },
        'n',
      ),
    );
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://images.example', 'https://tiles.example']);
    expect(policy['connect-src']).toEqual(["'self'", 'https://tiles.example']);
    const sameSite = directives(
      contentSecurityPolicy({ PUBLIC_URL: 'https://a.example', IMAGES_BASE_URL: 'https://a.example/img' }, 'n'),
    );
    expect(sameSite['img-src']).toEqual(["'self'", 'data:', 'blob:']);
  });
});
