import {
  CommandScope,
  eventIdOf,
  newEntityId,
  nextCommandId,
} from '../src/event-sourcing/command-ids';

const now = new Date('2026-11-27T09:00:00.000Z');
const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('command ids: derived in a scope, fresh outside', () => {
  /** What one request's commands get: two on one stream, one on another, and a message id. */
  const idsOf = (base: string) => {
    const scope = new CommandScope(base);
    return [
      nextCommandId('stream-a', now, scope),
      nextCommandId('stream-a', now, scope),
      nextCommandId('stream-b', now, scope),
      { id: newEntityId('message', scope), repeatable: true },
    ];
  };

  it("given a scope, then its commands' ids are derived, in order per stream, and the same on a retry with the same base", () => {
    const once = idsOf('agent-1/key-1');
    expect(once.every((c) => c.repeatable)).toBe(true);
    expect(new Set(once.map((c) => c.id)).size).toBe(4);
    expect(idsOf('agent-1/key-1')).toEqual(once);
    expect(idsOf('agent-1/key-2').map((c) => c.id)).not.toContain(once[0].id);
  });

  it('given no scope, then each command gets a fresh id, and each entity a fresh random one', () => {
    const [a, b] = [nextCommandId('stream-a', now), nextCommandId('stream-a', now)];
    expect([a.repeatable, b.repeatable]).toEqual([false, false]);
    expect(a.id).not.toBe(b.id);
    const [m, n] = [newEntityId('message'), newEntityId('message')];
    expect(m).toMatch(V4);
    expect(m).not.toBe(n);
  });

  it("given a scope, then entity ids are per kind and in order, apart from the commands' ids", () => {
    const scope = new CommandScope('agent-1/key-1');
    const ids = [
      scope.nextEntityId('message'),
      scope.nextEntityId('message'),
      scope.nextEntityId('report'),
      scope.nextId('message'),
    ];
    expect(new Set(ids).size).toBe(4);
    const again = new CommandScope('agent-1/key-1');
    expect(again.nextEntityId('report')).toBe(ids[2]);
    expect(again.nextEntityId('message')).toBe(ids[0]);
  });
});

describe('event ids: ordered by time for a fresh command, derived from the command id alone for a repeatable one', () => {
  it('given no scope, then a command id is a UUID version 7 whose first 48 bits are the time, and a later one sorts after it', () => {
    const { id } = nextCommandId('s', now);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(id.replace('-', '').slice(0, 12), 16)).toBe(now.getTime());
    const later = nextCommandId('s', new Date(now.getTime() + 1)).id;
    expect([later, id].sort()).toEqual([id, later]);
  });

  it("given a fresh command, then its events' ids keep its time, are version 7, and are the same on every attempt", () => {
    const { id } = nextCommandId('s', now);
    const events = [eventIdOf(id, 0), eventIdOf(id, 1)];
    for (const e of events) {
      expect(e.slice(0, 13)).toBe(id.slice(0, 13));
      expect(e).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
    expect(new Set([...events, id]).size).toBe(3);
    expect([eventIdOf(id, 0), eventIdOf(id, 1)]).toEqual(events);
  });

  it('given a command in a scope, then its events keep the ids every earlier version derived (a retry across an upgrade finds them)', () => {
    const { id } = nextCommandId('swipes-a', now, new CommandScope('agent-1/key-1'));
    // Values computed by the derivation as it was before time-ordered ids.
    expect(id).toBe('f8473ca9-42f0-546d-9569-d9a0703650cf');
    expect([eventIdOf(id, 0), eventIdOf(id, 1)]).toEqual([
      'bd43e866-7b35-5327-9555-0d56d43f3b5c',
      '542c5259-ebd5-56c7-93dc-6a20c98884f6',
    ]);
  });
});
