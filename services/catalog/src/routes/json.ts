// Hot reads answer JSON text written here (or by the searcher) instead of having their answer parsed by the
// response schema first, which costs more than the answer itself. The schema still documents the route and
// the tests check the answers against it. Sent as `application/json; charset=utf-8`, as every JSON answer.
import type { FastifyReply } from 'fastify';

/** JSON text the service wrote itself, sent as it is. */
export const sendJson = (reply: FastifyReply, json: string) => reply.type('application/json').send(json);

/** An answer of the route's shape, written with JSON.stringify. */
export const sendUnparsed = <T>(reply: FastifyReply, answer: T) => sendJson(reply, JSON.stringify(answer));
