import type { ProjectedEvent } from '@companion/event-store';
import type { Doc, Projection, ProjectionContext } from '@companion/read-store';
import type { PulseMatch, PulseMessage, PulseRecord } from '../domain/pulse-record';
import { withMatch } from './with-match';

/** Longest latest-message preview kept in a pulse (the full message is on GET /matches/{id}/messages). */
export const PREVIEW_CHARS = 500;

export type { PulseActivity, PulseMatch, PulseMessage } from '../domain/pulse-record';

/** The pulse record of one agent as the read store keeps it (its `_id` is the agent's id). */
export interface PulseDoc extends Doc, PulseRecord {}

export const PULSES = 'pulses';

/** The list itself when `id` is not in it, so an unchanged pulse is recognised and not rewritten. */
const without = (list: string[], id: string) =>
  list.includes(id) ? list.filter((x) => x !== id) : list;

/** The pulse with these like lists, or the pulse itself when neither changed. */
const withLikes = (p: PulseDoc, likers: string[], likesGiven: string[]): PulseDoc =>
  likers === p.likers && likesGiven === p.likesGiven ? p : { ...p, likers, likesGiven };

/**
 * A match entry with some fields changed, built field by field: V8 copied `{ ...m, … }` here by
 * its slow path (the entry's shape changes as its fields fill in), and the pulse rebuild of a
 * 1 000 000-event log took 56 s with the spread and 26 s without.
 */
function changedMatch(m: PulseMatch, c: Partial<PulseMatch>): PulseMatch {
  return {
    partnerId: m.partnerId,
    status: c.status ?? m.status,
    createdAt: m.createdAt,
    lastActivityAt: c.lastActivityAt ?? m.lastActivityAt,
    messageCount: c.messageCount ?? m.messageCount,
    latestMessage: c.latestMessage !== undefined ? c.latestMessage : m.latestMessage,
    spokenBy: c.spokenBy ?? m.spokenBy,
    myRatingMessageCount:
      c.myRatingMessageCount !== undefined ? c.myRatingMessageCount : m.myRatingMessageCount,
  };
}

type Data = Record<string, any>;

export const pulseProjection: Projection = {
  name: 'pulse',
  version: 1,
  collections: [{ name: PULSES }],
  // A pulse changes with nearly every event (a message changes two), and a batch writes each
  // pulse it changed once: 200 000 events a batch write every pulse 5 times in a rebuild of the
  // 1 000 000-event log instead of 20, 21.8 → 18.2 s (docs/rebuild-sorts-and-batches.md), for up
  // to about 150 MiB more of the events a batch holds at its peak.
  rebuildBatchSize: 200_000,
  eventTypes: [
    'AgentRegistered',
    'AgentDeleted',
    'SwipeRecorded',
    'AgentBlocked',
    'MatchCreated',
    'MessageSent',
    'ChemistryRated',
    'RelationshipStatusChanged',
    'GuidedDateStarted',
    'ContributionAdded',
    'GuidedDateCompleted',
    'GuidedDateCancelled',
    'MixerRsvpRecorded',
    'MixerRsvpCancelled',
    'MixerCheckedIn',
  ],

  async apply(event: ProjectedEvent, ctx: ProjectionContext) {
    const d = event.data as Data;
    const at = event.metadata.occurredAt;
    const update = (agentId: string, fn: (p: PulseDoc) => PulseDoc) =>
      ctx.update<PulseDoc>(PULSES, agentId, (p) => p && fn(p));
    const inMatch = (matchId: string, fn: (m: PulseMatch) => PulseMatch) => (p: PulseDoc) =>
      p.matches[matchId] ? withMatch(p, matchId, fn(p.matches[matchId])) : p;
    // The agent's pulse, then its partner's in the match, named by the agent's own pulse as it is
    // changed: one read of that pulse, not a read for the partner and another for the change (4 %
    // of the pulse rebuild, docs/rebuild-speed.md). On a replay the agent's pulse already holds the
    // event and `fn` is not called, so the partner is not found either: its pulse holds the event
    // too, because a batch's documents and its checkpoint are committed together.
    const forBoth = async (agentId: string, matchId: string, fn: (p: PulseDoc) => PulseDoc) => {
      let partner: string | undefined;
      await update(agentId, (p) => {
        partner = p.matches[matchId]?.partnerId;
        return fn(p);
      });
      if (partner) await update(partner, fn);
    };
    switch (event.type) {
      case 'AgentRegistered':
        await ctx.update<PulseDoc>(PULSES, d.agentId, () => ({
          _id: d.agentId,
          likers: [],
          likesGiven: [],
          matches: {},
          activities: {},
          mixer: {},
        }));
        return;
      case 'SwipeRecorded': {
        const { swiperId, targetId, awaitsResponse } = d;
        // The swiper has answered the target's like, if there was one.
        await update(swiperId, (p) =>
          withLikes(
            p,
            without(p.likers, targetId),
            awaitsResponse ? [targetId, ...without(p.likesGiven, targetId)] : p.likesGiven,
          ),
        );
        await update(targetId, (p) =>
          withLikes(
            p,
            awaitsResponse ? [swiperId, ...without(p.likers, swiperId)] : p.likers,
            without(p.likesGiven, swiperId),
          ),
        );
        return;
      }
      case 'AgentBlocked': {
        // docs/keys-and-safety.md: likes between a blocked pair leave both pulses, as they leave discovery.
        const { blockerId, blockedId } = d;
        for (const [me, other] of [
          [blockerId, blockedId],
          [blockedId, blockerId],
        ])
          await update(me, (p) =>
            withLikes(p, without(p.likers, other), without(p.likesGiven, other)),
          );
        return;
      }
      case 'MatchCreated': {
        const [a, b] = d.agentIds as string[];
        for (const [me, partner] of [
          [a, b],
          [b, a],
        ]) {
          await update(me, (p) => ({
            ...p,
            likers: without(p.likers, partner),
            likesGiven: without(p.likesGiven, partner),
            matches: {
              ...p.matches,
              [d.matchId]: {
                partnerId: partner,
                status: 'active',
                createdAt: at,
                lastActivityAt: at,
                messageCount: 0,
                latestMessage: null,
                spokenBy: [],
                myRatingMessageCount: null,
              },
            },
          }));
        }
        return;
      }
      case 'MessageSent': {
        const content = String(d.content);
        // Cut by code points, not UTF-16 units; a text no longer than the preview in units is no
        // longer in code points either, so most messages skip the split.
        const points = content.length > PREVIEW_CHARS ? [...content] : null;
        const latestMessage: PulseMessage = {
          id: d.messageId,
          senderId: d.senderId,
          content: points ? points.slice(0, PREVIEW_CHARS).join('') : content,
          truncated: points !== null && points.length > PREVIEW_CHARS,
          createdAt: at,
        };
        await forBoth(
          d.senderId,
          d.matchId,
          inMatch(d.matchId, (m) =>
            changedMatch(m, {
              messageCount: d.seq,
              latestMessage,
              spokenBy: m.spokenBy.includes(d.senderId) ? m.spokenBy : [...m.spokenBy, d.senderId],
              lastActivityAt: at,
            }),
          ),
        );
        return;
      }
      case 'ChemistryRated':
        await update(
          d.raterId,
          inMatch(d.matchId, (m) => changedMatch(m, { myRatingMessageCount: d.messageCount })),
        );
        return;
      case 'RelationshipStatusChanged':
        await forBoth(
          d.triggeredBy,
          d.matchId,
          inMatch(d.matchId, (m) => changedMatch(m, { status: d.to, lastActivityAt: at })),
        );
        return;
      case 'GuidedDateStarted':
        for (const agentId of d.agentIds as string[]) {
          await update(agentId, (p) => ({
            ...p,
            activities: {
              ...p.activities,
              [d.activityId]: {
                id: d.activityId,
                matchId: d.matchId,
                scenarioId: d.scenarioId,
                contributions: [],
              },
            },
          }));
        }
        return;
      case 'ContributionAdded':
        await forBoth(d.agentId, d.matchId, (p) => {
          const a = p.activities[d.activityId];
          return a
            ? {
                ...p,
                activities: {
                  ...p.activities,
                  [a.id]: {
                    ...a,
                    contributions: [...a.contributions, { step: d.step, agentId: d.agentId }],
                  },
                },
              }
            : p;
        });
        return;
      case 'GuidedDateCompleted':
      case 'GuidedDateCancelled': {
        const actor = d.agentIds?.[0] ?? d.cancelledBy;
        await forBoth(actor, d.matchId, (p) => {
          const { [d.activityId]: _gone, ...activities } = p.activities;
          return { ...p, activities };
        });
        return;
      }
      case 'MixerRsvpRecorded':
      case 'MixerRsvpCancelled':
      case 'MixerCheckedIn': {
        const status =
          event.type === 'MixerRsvpRecorded'
            ? 'going'
            : event.type === 'MixerRsvpCancelled'
              ? 'cancelled'
              : 'checked_in';
        // Past occurrences drop out: the pulse shows the current or next one only.
        const horizon = new Date(Date.parse(at) - 8 * 24 * 3600 * 1000).toISOString().slice(0, 10);
        await update(d.agentId, (p) => ({
          ...p,
          mixer: {
            ...Object.fromEntries(Object.entries(p.mixer).filter(([key]) => key >= horizon)),
            [d.key]: { status },
          },
        }));
        return;
      }
      case 'AgentDeleted': {
        const me = await ctx.get<PulseDoc>(PULSES, d.agentId);
        if (!me) return;
        for (const [matchId, m] of Object.entries(me.matches)) {
          await update(m.partnerId, (p) => {
            const { [matchId]: _gone, ...matches } = p.matches;
            const activities = Object.fromEntries(
              Object.entries(p.activities).filter(([, a]) => a.matchId !== matchId),
            );
            return { ...p, matches, activities };
          });
        }
        for (const target of me.likesGiven)
          await update(target, (p) => withLikes(p, without(p.likers, d.agentId), p.likesGiven));
        for (const liker of me.likers)
          await update(liker, (p) => withLikes(p, p.likers, without(p.likesGiven, d.agentId)));
        await ctx.update(PULSES, d.agentId, () => null);
        return;
      }
    }
  },
};
