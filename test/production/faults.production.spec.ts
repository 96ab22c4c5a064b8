import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EsdbEventStore } from '@companion/event-store/esdb';
import { loadConfig } from '@companion/platform';
import {
  CheckpointWatcher,
  physicalName,
  Projection,
  ProjectionEngine,
  ReadModels,
  ReadStore,
  SqliteReadStore,
} from '@companion/read-store';
import { MongoReadStore } from '@companion/read-store/mongo';
import { buildProjections } from '@companion/all-projections';
import { agentInput, client } from '../support/app';

/**
 * Faults on the real compose stack (run by `npm run test:production`, which starts it): a write
 * load through the balancer while MongoDB and then KurrentDB restart; afterwards every
 * acknowledged write is in the log exactly once and readable, and the read models in MongoDB equal
 * a clean rebuild of the log, document for document. Skipped without COMPOSE_PROJECT.
 */
const project = process.env.COMPOSE_PROJECT;
const BASE = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000';
const MONGO = process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017/companion?directConnection=true';
const ESDB = process.env.EVENTSTORE_URL ?? 'esdb://127.0.0.1:2113?tls=false';

const compose = (...args: string[]) =>
  execFileSync('docker', ['compose', '-p', project!, ...args], { stdio: 'inherit' });

async function dump(
  store: ReadStore,
  projections: readonly Projection[],
  physical: (c: string) => string,
) {
  const out: Record<string, unknown[]> = {};
  for (const p of projections)
    for (const c of p.collections)
      out[c.name] = await store.find(physical(c.name), {}, { sort: [['_id', 1]] });
  return out;
}

(project ? describe : describe.skip)('production stack under faults', () => {
  jest.setTimeout(15 * 60_000);

  it('keeps every acknowledged write exactly once, and read models equal to a rebuild', async () => {
    const api = client(BASE);
    const acked: Array<{ id: string; key: string }> = [];
    const refused: Record<number, number> = {};
    let loading = true;
    const worker = async () => {
      while (loading) {
        const res = await api
          .post('/api/v1/agents', agentInput())
          .catch(() => ({ status: 0, body: undefined }));
        if (res.status === 201) acked.push({ id: res.body.agent.id, key: res.body.apiKey });
        else refused[res.status] = (refused[res.status] ?? 0) + 1;
      }
    };
    const workers = Array.from({ length: 8 }, worker);
    const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
    await pause(5_000);
    compose('restart', 'mongo');
    compose('up', '-d', '--wait', 'mongo');
    await pause(5_000);
    compose('restart', 'eventstore');
    compose('up', '-d', '--wait', 'eventstore');
    await pause(5_000);
    loading = false;
    await Promise.all(workers);
    console.log(
      `load: ${acked.length} acknowledged registrations, refused: ${JSON.stringify(refused)}`,
    );
    expect(acked.length).toBeGreaterThan(0);

    // The log: each acknowledged agent registered exactly once.
    const events = EsdbEventStore.connect(ESDB);
    const registered = new Map<string, number>();
    for (let from = 0; ;) {
      const page = await events.readAll({ fromPosition: from, maxCount: 1000 });
      for (const e of page)
        if (e.type === 'AgentRegistered') {
          const id = (e.data as { agentId: string }).agentId;
          registered.set(id, (registered.get(id) ?? 0) + 1);
        }
      if (page.length < 1000) break;
      from = page[page.length - 1].position + 1;
    }
    for (const a of acked) expect([a.id, registered.get(a.id)]).toEqual([a.id, 1]);

    // The projector catches up; every acknowledged key is readable through the balancer.
    const config = loadConfig({ MONGO_URL: MONGO });
    const projections = buildProjections(config);
    const mongo = await MongoReadStore.connect(MONGO);
    const live = new ReadModels(mongo, projections);
    const watcher = new CheckpointWatcher(
      mongo,
      live,
      projections.map((p) => p.name),
    );
    expect(await watcher.waitFor(await events.headPosition(), 120_000)).toBe(true);
    for (const a of acked) expect((await api.get('/api/v1/agents/me', a.key)).status).toBe(200);

    // A clean rebuild of the same log into a scratch store equals MongoDB's read models.
    const scratch = new SqliteReadStore(
      join(mkdtempSync(join(tmpdir(), 'companion-prod-')), 'r.db'),
    );
    const engine = new ProjectionEngine(
      events,
      scratch,
      projections,
      new ReadModels(scratch, projections),
      {
        now: () => new Date(),
      },
    );
    await engine.start();
    expect(await engine.waitFor(await events.headPosition(), 600_000)).toBe(true);
    await engine.stop();
    await live.refresh();
    expect(await dump(mongo, projections, (c) => live.physical(c))).toEqual(
      await dump(scratch, projections, (c) => physicalName(c, 1)),
    );
    watcher.stop();
    await scratch.close();
    await mongo.close();
    await events.close();
  });
});
