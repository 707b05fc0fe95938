// Conditional answers (RFC 9110 13.1.2): an answer that carries an ETag can be asked for again with
// If-None-Match, and one the client holds already goes back as 304 with no body. The services tag what they keep
// (the catalog's hotel pages, the creator's club pages, hotel images), so a repeat costs neither side the body:
// no serialising here, nothing sent, nothing parsed by the web server, which keeps the answers it parsed
// (`kept` in the contracts' API client).
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A short digest of a text for an ETag (SHA-1, base64url; not for secrets): the same text, the same digest. */
export const contentDigest = (text: string): string => createHash('sha1').update(text).digest('base64url');

/** A weak ETag of parts (digests, counts): `W/"a.b"`. */
export const weakEtag = (...parts: (string | number)[]): string => `W/"${parts.join('.')}"`;

/** Whether an If-None-Match header names `etag` or is `*`; the comparison is weak, so a `W/` prefix still matches. */
export function noneMatch(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => {
    const candidate = tag.trim();
    return candidate === '*' || candidate.replace(/^W\//, '') === bare;
  });
}

/**
 * JSON the service wrote (or writes, when `json` is a function: only for a client that does not hold it yet),
 * with its ETag; 304 and no body when the request's If-None-Match names it. `public, no-cache` by default: the
 * same for everyone, and whoever keeps it (a browser, the web server) asks again each time, with the tag.
 */
export function sendTaggedJson(
  req: FastifyRequest,
  reply: FastifyReply,
  json: string | (() => string),
  etag: string,
  cacheControl = 'public, no-cache',
): FastifyReply {
  reply.header('etag', etag).header('cache-control', cacheControl);
  if (noneMatch(req.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(typeof json === 'string' ? json : json());
}
