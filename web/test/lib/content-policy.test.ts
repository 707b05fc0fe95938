// A page's content policy: inline scripts only with the page's nonce, and the hosts the settings name.
// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, pageNonce } from '~/lib/content-policy.server';

const directives = (policy: string) =>
  Object.fromEntries(policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
/** The policy for the settings `env`, by directive. */
const policyFor = (env: NodeJS.ProcessEnv) => directives(contentSecurityPolicy(env)('n'));

describe('contentSecurityPolicy', () => {
  it("lets scripts come from the site, and inline ones only with the page's nonce", () => {
    const policy = directives(contentSecurityPolicy({})('abc123=='));
    expect(policy['script-src']).toEqual(["'self'", "'nonce-abc123=='"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:']);
  });

  it('admits the image host and a production map style host', () => {
    const policy = policyFor({
      PUBLIC_URL: 'https://travelclub.example',
      IMAGES_BASE_URL: 'https://images.example/cdn',
      MAP_STYLE_URL: 'https://tiles.example/style.json',
    });
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://images.example', 'https://tiles.example']);
    expect(policy['connect-src']).toEqual(["'self'", 'https://tiles.example']);
  });

  it("names the site's own image origin too: a visitor may reach the site under another name", () => {
    // 'self' is the address the browser used, which need not be the settings' one.
    const local = policyFor({
      PUBLIC_URL: 'http://127.0.0.1:8080',
      IMAGES_BASE_URL: 'http://127.0.0.1:8080',
      PUBLIC_MEDIA_URL: 'http://127.0.0.1:8080',
    });
    expect(local['img-src']).toEqual(["'self'", 'data:', 'blob:', 'http://127.0.0.1:8080']);
  });

  it("admits where creators' uploads are read: the bucket, a CDN in front of it, or another S3 server", () => {
    const imgSrc = (env: NodeJS.ProcessEnv) => policyFor(env)['img-src'];
    const bucket = { MEDIA_STORE: 's3', S3_BUCKET: 'travelclub-media', S3_REGION: 'eu-west-1' };
    expect(imgSrc(bucket)).toEqual(["'self'", 'data:', 'blob:', 'https://travelclub-media.s3.eu-west-1.amazonaws.com']);
    expect(imgSrc({ ...bucket, S3_PUBLIC_URL: 'https://media.example/club' })).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://media.example',
    ]);
    const minio = { ...bucket, S3_ENDPOINT: 'http://minio.local:9000' };
    expect(imgSrc(minio)).toEqual(["'self'", 'data:', 'blob:', 'http://travelclub-media.minio.local:9000']);
    expect(imgSrc({ ...minio, S3_FORCE_PATH_STYLE: 'true' })).toEqual([
      "'self'",
      'data:',
      'blob:',
      'http://minio.local:9000',
    ]);
    // A bucket name that is no host name names nothing, rather than whatever it says.
    expect(imgSrc({ ...bucket, S3_BUCKET: 'media *' })).toEqual(["'self'", 'data:', 'blob:']);
    // The local store's links are PUBLIC_MEDIA_URL's; the S3 settings are not read then.
    expect(imgSrc({ ...bucket, MEDIA_STORE: 'local', PUBLIC_MEDIA_URL: 'https://club.example' })).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://club.example',
    ]);
  });
});

describe('pageNonce', () => {
  it('gives 128 bits, never the same twice, across the draws it slices', () => {
    const nonces = Array.from({ length: 1_000 }, pageNonce);
    expect(nonces.every((nonce) => Buffer.from(nonce, 'base64').length === 16)).toBe(true);
    expect(new Set(nonces).size).toBe(nonces.length);
  });
});
