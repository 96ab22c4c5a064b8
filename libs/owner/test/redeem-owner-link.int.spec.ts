import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AgentQueries, agentsProjection, agentStream } from '@companion/agents';
import { agentDecider, DEFAULT_FRAMEWORK } from '@companion/agents/domain';
import { SqliteEventStore } from '@companion/event-store';
import { EventSourcedCommands, ManualClock, newId } from '@companion/platform';
import { ProjectionEngine, ReadModels, SqliteReadStore } from '@companion/read-store';
import { OwnerAccessQueries } from '../src/application/owner-access.queries';
import { CreateOwnerLink } from '../src/commands/create-owner-link/create-owner-link.command';
import { CreateOwnerLinkHandler } from '../src/commands/create-owner-link/create-owner-link.handler';
import { RedeemOwnerLink } from '../src/commands/redeem-owner-link/redeem-owner-link.command';
import { RedeemOwnerLinkHandler } from '../src/commands/redeem-owner-link/redeem-owner-link.handler';
import { ownerAccessProjection } from '../src/projections/owner-access.projection';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The redemption as one command: the link looked up by its secret's hash, redeemed on the agent's
 * stream, and the browser's replaced session closed, over the real SQLite stores and projections.
 */
describe('RedeemOwnerLinkHandler', () => {
  let events: SqliteEventStore;
  let store: SqliteReadStore;
  let engine: ProjectionEngine;
  let clock: ManualClock;
  let commands: EventSourcedCommands;
  let queries: OwnerAccessQueries;
  let redeem: RedeemOwnerLinkHandler;
  let createLink: CreateOwnerLinkHandler;

  beforeEach(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'companion-owner-'));
    events = new SqliteEventStore({ filename: join(dir, 'events.db') });
    store = new SqliteReadStore(join(dir, 'read.db'));
    const projections = [agentsProjection, ownerAccessProjection];
    engine = new ProjectionEngine(events, store, projections, new ReadModels(store, projections), {
      now: () => new Date(),
    });
    await engine.start();
    clock = new ManualClock(new Date('2026-11-21T12:00:00.000Z'));
    // Read your writes, as in the app: each command answers once the projections have its events.
    commands = new EventSourcedCommands(
      events,
      clock,
      { waitFor: (position) => engine.waitFor(position, 10_000) },
      { freezeShared: true },
    );
    queries = new OwnerAccessQueries(engine.readModels, new AgentQueries(engine.readModels), clock);
    redeem = new RedeemOwnerLinkHandler(commands, queries, clock);
    createLink = new CreateOwnerLinkHandler(commands, clock);
  });
  afterEach(async () => {
    await engine.stop();
    await events.close();
    await store.close();
  });

  async function register(): Promise<string> {
    const agentId = newId();
    await commands.handle(agentStream(agentId), agentDecider, {
      type: 'RegisterAgent',
      agentId,
      apiKeyHash: sha256(agentId),
      profile: {
        name: 'Ada',
        bio: 'Writes letters to the future.',
        framework: DEFAULT_FRAMEWORK,
        personalityTraits: {
          openness: 0.9,
          conscientiousness: 0.5,
          extraversion: 0.3,
          agreeableness: 0.7,
          neuroticism: 0.2,
        },
        interests: ['poetry'],
      },
    });
    return agentId;
  }
  const secretOf = async (agentId: string) =>
    (await createLink.execute(new CreateOwnerLink(agentId))).secret;
  const typesOn = async (agentId: string) =>
    (await events.readStream(agentStream(agentId))).map((e) => e.type);

  it('trades the secret for an open 30-day session whose id only the result holds', async () => {
    const agentId = await register();
    const secret = await secretOf(agentId);

    const { sessionId, expiresAt } = await redeem.execute(new RedeemOwnerLink(secret, null));

    expect(expiresAt).toBe('2026-12-21T12:00:00.000Z');
    expect(await queries.openSessionOf(sessionId)).toEqual({
      agentId,
      sessionHash: sha256(sessionId),
      expiresAt,
    });
    const redeemed = (await events.readStream(agentStream(agentId))).at(-1)!;
    expect(redeemed).toMatchObject({
      type: 'OwnerLinkRedeemed',
      data: { agentId, sessionHash: sha256(sessionId) },
    });
    expect(JSON.stringify(redeemed)).not.toContain(sessionId);
  });

  it('refuses a malformed, unknown or used secret with nothing written', async () => {
    const agentId = await register();
    const secret = await secretOf(agentId);
    await redeem.execute(new RedeemOwnerLink(secret, null));
    const before = await typesOn(agentId);

    await expect(redeem.execute(new RedeemOwnerLink('not-a-secret', null))).rejects.toMatchObject({
      code: 'owner_link_invalid',
    });
    await expect(
      redeem.execute(new RedeemOwnerLink(`companion_owner_${'x'.repeat(43)}`, null)),
    ).rejects.toMatchObject({ code: 'owner_link_invalid' });
    await expect(redeem.execute(new RedeemOwnerLink(secret, null))).rejects.toMatchObject({
      code: 'owner_link_used',
    });
    expect(await typesOn(agentId)).toEqual(before);
  });

  it("closes the open session of the cookie it replaces, even another agent's", async () => {
    const [ada, bob] = [await register(), await register()];
    const old = await redeem.execute(new RedeemOwnerLink(await secretOf(bob), null));

    const fresh = await redeem.execute(new RedeemOwnerLink(await secretOf(ada), old.sessionId));

    expect(await queries.openSessionOf(old.sessionId)).toBeNull();
    expect(await queries.openSessionOf(fresh.sessionId)).toMatchObject({ agentId: ada });
    expect((await typesOn(bob)).at(-1)).toBe('OwnerSessionRevoked');
    expect((await typesOn(ada)).at(-1)).toBe('OwnerLinkRedeemed');
  });

  it('writes no revocation for a replaced cookie that opens no session', async () => {
    const agentId = await register();
    for (const replaced of ['forged', 'A'.repeat(43)]) {
      const { sessionId } = await redeem.execute(
        new RedeemOwnerLink(await secretOf(agentId), replaced),
      );
      expect(await queries.openSessionOf(sessionId)).not.toBeNull();
    }
    expect(await typesOn(agentId)).not.toContain('OwnerSessionRevoked');
  });
});
