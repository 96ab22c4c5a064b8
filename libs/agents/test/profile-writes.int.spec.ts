import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NotFoundException } from '@nestjs/common';
import { CommandBus, CqrsModule, QueryBus } from '@nestjs/cqrs';
import { Test, TestingModule } from '@nestjs/testing';
import { SqliteEventStore } from '@companion/event-store';
import { EventSourcedCommands, ManualClock } from '@companion/platform';
import { ProjectionEngine, ReadModels, SqliteReadStore } from '@companion/read-store';
import { AgentQueries } from '../src/application/agent.queries';
import { RegisterAgent } from '../src/commands/register-agent/register-agent.command';
import { RegisterAgentHandler } from '../src/commands/register-agent/register-agent.handler';
import { UpdateProfile } from '../src/commands/update-profile/update-profile.command';
import { UpdateProfileHandler } from '../src/commands/update-profile/update-profile.handler';
import { agentsProjection } from '../src/projections/agents.projection';
import { GetAgentProfile } from '../src/queries/agent-profile/agent-profile.query';
import { GetAgentProfileHandler } from '../src/queries/agent-profile/agent-profile.handler';

const traits = {
  openness: 0.9,
  conscientiousness: 0.5,
  extraversion: 0.3,
  agreeableness: 0.7,
  neuroticism: 0.2,
};

/**
 * Registration and the profile update answer with the profile their write produced, composed in
 * their handlers over the buses, the real SQLite stores and the agents projection.
 */
describe('the profile writes answer the profile', () => {
  let events: SqliteEventStore;
  let store: SqliteReadStore;
  let engine: ProjectionEngine;
  let module: TestingModule;
  let commandBus: CommandBus;
  let queryBus: QueryBus;

  beforeEach(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'companion-agents-'));
    events = new SqliteEventStore({ filename: join(dir, 'events.db') });
    store = new SqliteReadStore(join(dir, 'read.db'));
    engine = new ProjectionEngine(
      events,
      store,
      [agentsProjection],
      new ReadModels(store, [agentsProjection]),
      { now: () => new Date() },
    );
    await engine.start();
    // Read your writes, as in the app: each command answers once the projection has its events.
    const commands = new EventSourcedCommands(
      events,
      new ManualClock(new Date('2026-11-21T12:00:00.000Z')),
      { waitFor: (position) => engine.waitFor(position, 10_000) },
      { freezeShared: true },
    );
    module = await Test.createTestingModule({
      imports: [CqrsModule],
      providers: [
        RegisterAgentHandler,
        UpdateProfileHandler,
        GetAgentProfileHandler,
        AgentQueries,
        { provide: EventSourcedCommands, useValue: commands },
        { provide: ReadModels, useValue: engine.readModels },
      ],
    }).compile();
    await module.init();
    commandBus = module.get(CommandBus);
    queryBus = module.get(QueryBus);
  });
  afterEach(async () => {
    await module.close();
    await engine.stop();
    await events.close();
    await store.close();
  });

  it('registers: the new profile as GET /agents/{id} shows it, and the key', async () => {
    const { agent, apiKey } = await commandBus.execute(
      new RegisterAgent({
        name: 'Ada',
        bio: 'Letters.',
        personalityTraits: traits,
        interests: ['poetry'],
      }),
    );
    expect(apiKey).toMatch(/^companion_sk_[A-Za-z0-9_-]{43}$/);
    expect(agent).toEqual({
      id: expect.any(String),
      name: 'Ada',
      bio: 'Letters.',
      backstory: null,
      avatarUrl: null,
      framework: 'unspecified',
      personalityTraits: traits,
      interests: ['poetry'],
      sceneId: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await queryBus.execute(new GetAgentProfile(agent.id))).toEqual(agent);
  });

  it('updates: the changed profile', async () => {
    const { agent } = await commandBus.execute(
      new RegisterAgent({
        name: 'Ada',
        bio: 'Letters.',
        personalityTraits: traits,
        interests: ['poetry'],
      }),
    );
    const updated = await commandBus.execute(
      new UpdateProfile(agent.id, { name: 'Ada L.', interests: ['poetry', 'chess'] }),
    );
    expect(updated).toEqual({ ...agent, name: 'Ada L.', interests: ['poetry', 'chess'] });
    expect(await queryBus.execute(new GetAgentProfile(agent.id))).toEqual(updated);
  });

  it('answers 404 agent_not_found for an unknown agent', async () => {
    const missing = queryBus.execute(new GetAgentProfile('00000000-0000-4000-8000-000000000000'));
    await expect(missing).rejects.toBeInstanceOf(NotFoundException);
    await expect(missing).rejects.toMatchObject({ response: { code: 'agent_not_found' } });
  });
});
