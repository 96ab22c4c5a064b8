import { exitOnFatal } from '../src/health/exit-on-fatal';
import { ProcessHealth } from '../src/health/process-health';

describe('exitOnFatal', () => {
  it('after the grace period, closes the app and exits with code 1, once', async () => {
    const health = new ProcessHealth();
    const steps: string[] = [];
    exitOnFatal(health, {
      graceMs: 20,
      close: async () => void steps.push('close'),
      exit: (code) => void steps.push(`exit ${code}`),
    });
    health.fail('live-log', 'access denied');
    health.fail('projections', 'also broken');
    expect(steps).toEqual([]); // still answering (503) during the grace period
    await new Promise((r) => setTimeout(r, 100));
    expect(steps).toEqual(['close', 'exit 1']);
    expect(health.failures().map((f) => f.component)).toEqual(['live-log', 'projections']);
  });

  it('exits even when closing hangs', async () => {
    const health = new ProcessHealth();
    const exit = jest.fn();
    exitOnFatal(health, { graceMs: 10, close: () => new Promise(() => {}), exit });
    health.fail('live-log', 'gone');
    await new Promise((r) => setTimeout(r, 100));
    expect(exit).toHaveBeenCalledWith(1);
  });
});
