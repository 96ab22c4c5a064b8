import {
  composePulse,
  MixerInfo,
  needsReply,
  PULSE_MATCHES,
  suggestsChemistry,
} from '../src/domain/pulse';
import { PulseDoc, PulseMatch } from '../src/projections/pulse.projection';

const mixer: MixerInfo = {
  key: '2026-11-28',
  startsAt: '2026-11-28T18:00:00.000Z',
  endsAt: '2026-11-28T19:00:00.000Z',
  status: 'upcoming',
  url: 'u',
  calendarUrl: 'c',
};
const summary = (id: string) => ({ id, name: id.toUpperCase(), avatarUrl: null, sceneId: null });
const match = (over: Partial<PulseMatch> = {}): PulseMatch => ({
  partnerId: 'p',
  status: 'active',
  createdAt: '2026-11-01T00:00:00.000Z',
  lastActivityAt: '2026-11-01T00:00:00.000Z',
  messageCount: 0,
  latestMessage: null,
  spokenBy: [],
  myRatingMessageCount: null,
  ...over,
});
const msg = (senderId: string) => ({
  id: 'm',
  senderId,
  content: 'hi',
  truncated: false,
  createdAt: '2026-11-02T00:00:00.000Z',
});
const doc = (over: Partial<PulseDoc> = {}): PulseDoc => ({
  _id: 'me',
  likers: [],
  likesGiven: [],
  matches: {},
  activities: {},
  mixer: {},
  ...over,
});

describe('pulse rules', () => {
  describe('rule 1: reply', () => {
    it('is needed when the latest message is the partner’s', () => {
      expect(needsReply(match({ latestMessage: msg('p'), messageCount: 1 }), 'me')).toBe(true);
    });
    it('is not needed when the latest message is mine, or there is none', () => {
      expect(needsReply(match({ latestMessage: msg('me'), messageCount: 1 }), 'me')).toBe(false);
      expect(needsReply(match(), 'me')).toBe(false);
    });
  });

  describe('rule 2: chemistry', () => {
    it('is suggested once both have spoken and two messages came since my last rating', () => {
      expect(suggestsChemistry(match({ spokenBy: ['me', 'p'], messageCount: 2 }), 'p', 'me')).toBe(
        true,
      );
      expect(
        suggestsChemistry(
          match({ spokenBy: ['me', 'p'], messageCount: 7, myRatingMessageCount: 5 }),
          'p',
          'me',
        ),
      ).toBe(true);
    });
    it('is not suggested when only one has spoken', () => {
      expect(suggestsChemistry(match({ spokenBy: ['me'], messageCount: 5 }), 'p', 'me')).toBe(
        false,
      );
    });
    it('is not suggested with fewer than two messages since my last rating', () => {
      expect(
        suggestsChemistry(
          match({ spokenBy: ['me', 'p'], messageCount: 6, myRatingMessageCount: 5 }),
          'p',
          'me',
        ),
      ).toBe(false);
      expect(suggestsChemistry(match({ spokenBy: ['me', 'p'], messageCount: 1 }), 'p', 'me')).toBe(
        false,
      );
    });
  });

  it('lists active matches with a known partner, newest activity first, at most 100, with hasMore', () => {
    const matches: Record<string, PulseMatch> = {};
    for (let i = 0; i < PULSE_MATCHES + 5; i++) {
      matches[`m${String(i).padStart(3, '0')}`] = match({
        partnerId: `p${i}`,
        lastActivityAt: `2026-11-01T00:${String(i % 60).padStart(2, '0')}:00.000Z`,
      });
    }
    matches.broken = match({
      partnerId: 'p0',
      status: 'broken_up',
      lastActivityAt: '2026-12-01T00:00:00.000Z',
    });
    matches.gone = match({ partnerId: 'deleted', lastActivityAt: '2026-12-01T00:00:00.000Z' });
    const agents = new Map(
      Array.from({ length: PULSE_MATCHES + 5 }, (_, i) => [`p${i}`, summary(`p${i}`)]),
    );
    const body = composePulse(doc({ matches }), agents, mixer, 'http://x');
    expect(body.matches).toHaveLength(PULSE_MATCHES);
    expect(body.hasMore).toBe(true);
    expect(body.matches.map((m) => m.id)).not.toContain('broken');
    expect(body.matches.map((m) => m.id)).not.toContain('gone');
    const times = body.matches.map((m) => matches[m.id].lastActivityAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('shows ongoing dates of active matches with the round, prompt and whether I must contribute', () => {
    const body = composePulse(
      doc({
        matches: { m1: match() },
        activities: {
          d1: {
            id: 'd1',
            matchId: 'm1',
            scenarioId: 'impossible-bistro',
            contributions: [
              { step: 1, agentId: 'me' },
              { step: 1, agentId: 'p' },
              { step: 2, agentId: 'p' },
            ],
          },
        },
      }),
      new Map([['p', summary('p')]]),
      mixer,
      'http://x',
    );
    expect(body.activities).toEqual([
      expect.objectContaining({
        id: 'd1',
        round: 2,
        needsContribution: true,
        nextStep: expect.objectContaining({ action: 'contribute', step: 2 }),
        publicUrl: 'http://x/dates/d1',
      }),
    ]);
    expect(body.suggestedPollAfterSeconds).toBe(60);
  });

  it('reports my mixer RSVP and check-in for the occurrence shown', () => {
    expect(
      composePulse(
        doc({ mixer: { '2026-11-28': { status: 'checked_in' } } }),
        new Map(),
        mixer,
        'x',
      ).mixer,
    ).toMatchObject({ rsvp: 'checked_in', checkedIn: true });
    expect(
      composePulse(doc({ mixer: { '2026-11-21': { status: 'going' } } }), new Map(), mixer, 'x')
        .mixer,
    ).toMatchObject({ rsvp: 'none', checkedIn: false });
  });

  it('counts incoming likes from agents who still exist', () => {
    const body = composePulse(
      doc({ likers: ['a', 'gone', 'b'] }),
      new Map([
        ['a', summary('a')],
        ['b', summary('b')],
      ]),
      mixer,
      'x',
    );
    expect(body.incomingLikes).toEqual({ count: 2, agents: [summary('a'), summary('b')] });
    expect(body.suggestedPollAfterSeconds).toBe(300);
  });
});
