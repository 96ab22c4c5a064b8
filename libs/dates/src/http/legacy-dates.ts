import type { FastifyReply } from 'fastify';

/** Marks an answer of the legacy dates endpoint deprecated, with a link to its successor. */
export function deprecate(reply: FastifyReply, matchId: string): void {
  void reply
    .header('Deprecation', 'true')
    .header('Link', `</api/v1/matches/${matchId}/activities>; rel="successor-version"`);
}
