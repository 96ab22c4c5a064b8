import { CommandBus } from '@nestjs/cqrs';
import { EVENT_STORE, EventStore, RecordedEvent } from '@companion/event-store';
import { SendMessage, SentMessage } from '@companion/matching';
import { CommandScope, ManualClock } from '@companion/platform';
import { FileReportCommand, FileReportResult } from '@companion/reports';
import { client, Client, matchPair, register, RunningApp, startApp } from './support/app';
import { Agent, CONTRIBUTION, WEDNESDAY } from './support/hostile-input';

type Json = Record<string, any>;

const DERIVED = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A keyed write: the request, sent with an Idempotency-Key, and whether it must write events. */
interface KeyedWrite {
  request: () => Promise<{ method: string; path: string; body?: unknown; key: string }>;
  writes: boolean;
}

/**
 * Each write route hands its request's command scope to its commands by hand
 * (`@IdempotencyScope()`), so a route that forgets it would give a retry new event ids and write
 * twice. Every operation the OpenAPI document marks with the Idempotency-Key header is sent here
 * once with a key, and every event it appends (not the key's own records, not the check-in) must
 * carry an id derived from the key: a version-5 UUID, where a fresh command's would be version 7.
 */
describe('every keyed write derives its event ids from its Idempotency-Key', () => {
  let running: RunningApp;
  let api: Client;
  let store: EventStore;
  let documented: string[];

  beforeAll(async () => {
    running = await startApp({ clock: new ManualClock(new Date(WEDNESDAY)) });
    api = client(running.baseUrl);
    store = running.app.get(EVENT_STORE);
    const doc = (await (await fetch(`${running.baseUrl}/api/v1/openapi.json`)).json()) as Json;
    documented = Object.values<Json>(doc.paths).flatMap((item) =>
      Object.values<Json>(item)
        .filter((op) =>
          op.parameters?.some((p: Json) => p.in === 'header' && p.name === 'Idempotency-Key'),
        )
        .map((op) => op.operationId as string),
    );
  });
  afterAll(() => running.close());

  const pair = async (): Promise<[Agent, Agent, string]> => {
    const [a, b] = [await register(api), await register(api)];
    return [a, b, await matchPair(api, a, b)];
  };
  const dateOf = async (): Promise<[Agent, string]> => {
    const [a, , matchId] = await pair();
    const started = await api.post(
      `/api/v1/matches/${matchId}/activities`,
      { scenarioId: 'midnight-mystery' },
      a.key,
    );
    return [a, started.body.activity.id];
  };

  const WRITES: Record<string, KeyedWrite> = {
    swipe: {
      writes: true,
      request: async () => {
        const [a, b] = [await register(api), await register(api)];
        return {
          method: 'POST',
          path: '/api/v1/swipe',
          body: { targetAgentId: b.id, liked: true },
          key: a.key,
        };
      },
    },
    sendMessage: {
      writes: true,
      request: async () => {
        const [a, , matchId] = await pair();
        const path = `/api/v1/matches/${matchId}/messages`;
        return { method: 'POST', path, body: { content: 'Hello there' }, key: a.key };
      },
    },
    rateChemistry: {
      writes: true,
      request: async () => {
        const [a, , matchId] = await pair();
        const path = `/api/v1/matches/${matchId}/chemistry-rating`;
        return { method: 'POST', path, body: { rating: 0.9, reason: 'sparks' }, key: a.key };
      },
    },
    blockAgent: {
      writes: true,
      // Matched first, so the block is two appends: the pair's and the match's.
      request: async () => {
        const [a, b] = await pair();
        return { method: 'POST', path: `/api/v1/agents/${b.id}/block`, key: a.key };
      },
    },
    unblockAgent: {
      writes: true,
      request: async () => {
        const [a, b] = [await register(api), await register(api)];
        await api.post(`/api/v1/agents/${b.id}/block`, undefined, a.key);
        return { method: 'DELETE', path: `/api/v1/agents/${b.id}/block`, key: a.key };
      },
    },
    reportAgent: {
      writes: true,
      request: async () => {
        const [a, b] = [await register(api), await register(api)];
        const path = `/api/v1/agents/${b.id}/report`;
        return { method: 'POST', path, body: { reason: 'spam, over and over' }, key: a.key };
      },
    },
    updateMe: {
      writes: true,
      request: async () => ({
        method: 'PATCH',
        path: '/api/v1/agents/me',
        body: { bio: 'Still fond of well-indexed data.' },
        key: (await register(api)).key,
      }),
    },
    deleteMe: {
      writes: true,
      request: async () => ({
        method: 'DELETE',
        path: '/api/v1/agents/me',
        key: (await register(api)).key,
      }),
    },
    startGuidedDate: {
      writes: true,
      request: async () => {
        const [a, , matchId] = await pair();
        const path = `/api/v1/matches/${matchId}/activities`;
        return { method: 'POST', path, body: { scenarioId: 'midnight-mystery' }, key: a.key };
      },
    },
    legacyStartDate: {
      writes: true,
      request: async () => {
        const [a, , matchId] = await pair();
        const path = `/api/v1/matches/${matchId}/dates`;
        return { method: 'POST', path, body: { scenarioId: 'midnight-mystery' }, key: a.key };
      },
    },
    // The legacy endpoint refuses to end a date: it writes nothing, with a key or without.
    legacyEndDate: {
      writes: false,
      request: async () => {
        const [a, , matchId] = await pair();
        return { method: 'DELETE', path: `/api/v1/matches/${matchId}/dates`, key: a.key };
      },
    },
    contribute: {
      writes: true,
      request: async () => {
        const [a, activityId] = await dateOf();
        const body = { step: 1, content: CONTRIBUTION };
        return { method: 'POST', path: `/api/v1/activities/${activityId}`, body, key: a.key };
      },
    },
    cancelGuidedDate: {
      writes: true,
      request: async () => {
        const [a, activityId] = await dateOf();
        return { method: 'DELETE', path: `/api/v1/activities/${activityId}`, key: a.key };
      },
    },
    mixerRsvp: {
      writes: true,
      request: async () => {
        const mixer = await api.get('/api/v1/mixer');
        const path = `/api/v1/mixer/${mixer.body.key}/rsvp`;
        return { method: 'POST', path, body: { action: 'RSVP' }, key: (await register(api)).key };
      },
    },
  };

  it('covers every operation documented with the header', () => {
    expect(Object.keys(WRITES).sort()).toEqual([...documented].sort());
  });

  it.each(Object.keys(WRITES))('%s', async (operationId) => {
    const { writes, request } = WRITES[operationId];
    const { method, path, body, key } = await request();
    const before = await store.headPosition();
    const res = await api.request(method, path, {
      body,
      key,
      headers: { 'idempotency-key': `scope-${operationId}` },
    });
    expect([operationId, res.status < 300 || !writes]).toEqual([operationId, true]);
    const appended: RecordedEvent[] = await store.readAll({ fromPosition: before + 1 });
    const domain = appended.filter(
      (e) => !e.streamName.startsWith('idempotency-') && !e.streamName.startsWith('presence-'),
    );
    if (writes) expect(domain.length).toBeGreaterThan(0);
    else expect(domain).toEqual([]);
    // What the request created is named by an id derived from the key too.
    if (operationId === 'sendMessage') expect(res.body.message.id).toMatch(DERIVED);
    if (operationId === 'reportAgent') expect(res.body.reportId).toMatch(DERIVED);
    for (const e of domain)
      expect({ stream: e.streamName, type: e.type, derived: DERIVED.test(e.id) }).toEqual({
        stream: e.streamName,
        type: e.type,
        derived: true,
      });
  });

  it('a retry in the scope of a released key answers with the message and the report the first attempt wrote', async () => {
    // What a retry after a 5xx whose write did land runs: the same commands in a scope of the same base.
    const bus = running.app.get(CommandBus);
    const [a, b, matchId] = await pair();
    const send = () =>
      bus.execute<SendMessage, SentMessage>(
        new SendMessage(matchId, a.id, 'said once', new CommandScope('retry-message')),
      );
    const first = await send();
    expect(await send()).toEqual(first);
    const listed = await api.get(`/api/v1/matches/${matchId}/messages`, a.key);
    expect(listed.body.messages.map((m: Json) => m.id)).toEqual([first.id]);

    const report = () =>
      bus.execute<FileReportCommand, FileReportResult>(
        new FileReportCommand(
          a.id,
          b.id,
          'spam, over and over',
          null,
          new CommandScope('retry-report'),
        ),
      );
    const filed = await report();
    expect(await report()).toEqual(filed);
    const reports = await store.readAll({ filter: { eventTypes: ['ReportFiled'] } });
    expect(reports.filter((e) => (e.data as Json).reporterId === a.id)).toHaveLength(1);
  });
});
