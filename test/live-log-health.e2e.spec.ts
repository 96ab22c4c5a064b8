import { EVENT_STORE, EventStore } from '@companion/event-store';
import { client, startApp } from './support/app';

describe('/api/health when the live log ends for good (architecture §8)', () => {
  it('answers 503 naming live-log once its subscription ended while the app was not stopping', async () => {
    const running = await startApp();
    try {
      const api = client(running.baseUrl);
      expect((await api.get('/api/health')).status).toBe(200);
      // The store closed under the running app: its subscriptions end, and nothing resumes them.
      await running.app.get<symbol, EventStore>(EVENT_STORE).close();
      let health = await api.get('/api/health');
      for (let i = 0; i < 100 && !health.body.failures; i++) {
        await new Promise((r) => setTimeout(r, 20));
        health = await api.get('/api/health');
      }
      expect(health.status).toBe(503);
      expect(health.body.failures).toEqual(
        expect.arrayContaining([expect.objectContaining({ component: 'live-log' })]),
      );
    } finally {
      await running.close().catch(() => undefined);
    }
  });
});
