import { ProjectionEngine } from '@companion/read-store';
import { client, register, startApp } from './support/app';
import { dumpReadModels, rebuildAll } from './support/read-models';

/** Every read model rebuilt from position 0 equals the live one, document for document. */
describe('projection rebuild', () => {
  it('produces read models equal to the live ones, for every projection', async () => {
    const running = await startApp();
    const api = client(running.baseUrl);
    try {
      const agents = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          register(api, { sceneId: i % 2 ? 'neon-noir' : 'cozy-library' }),
        ),
      );
      for (const a of agents)
        for (const b of agents)
          if (a !== b)
            await api.post('/api/v1/swipe', { targetAgentId: b.id, liked: a !== agents[4] }, a.key);
      const matches = (await api.get('/api/v1/matches', agents[0].key)).body.matches;
      for (const m of matches) {
        const partner = agents.find((a) => a.id === m.partner.id)!;
        for (let i = 0; i < 11; i++)
          await api.post(
            `/api/v1/matches/${m.id}/messages`,
            { content: `note ${i}` },
            i % 2 ? agents[0].key : partner.key,
          );
        await api.post(`/api/v1/matches/${m.id}/chemistry-rating`, { rating: 0.9 }, agents[0].key);
        await api.post(`/api/v1/matches/${m.id}/chemistry-rating`, { rating: 0.85 }, partner.key);
      }
      await api.patch(
        '/api/v1/agents/me',
        { bio: 'Rewritten.', interests: ['rebuilds'] },
        agents[1].key,
      );
      await api.delete('/api/v1/agents/me', agents[5].key);

      const before = await dumpReadModels(running.app);
      const generations = (await running.app.get(ProjectionEngine).status()).map((p) => [
        p.name,
        p.generation,
      ]);
      await rebuildAll(running.app);
      expect(await dumpReadModels(running.app)).toEqual(before);
      const after = new Map(
        (await running.app.get(ProjectionEngine).status()).map((p) => [p.name, p.generation]),
      );
      for (const [name, generation] of generations)
        expect(after.get(name as string)).toBe((generation as number) + 1);
      expect((await api.get('/api/v1/love-stories')).body.stories.length).toBeGreaterThan(0);
    } finally {
      await running.close();
    }
  });
});
