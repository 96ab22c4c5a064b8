import { isMainThread, parentPort } from 'node:worker_threads';
import { RankingCopy } from './ranking-copy';

/**
 * The entry file of each thread of `RankingWorkers`: the thread's copy of the candidate matrix
 * (ranking-copy.ts), given the thread's port, clock and turns.
 */
if (!isMainThread && parentPort) {
  const port = parentPort;
  const copy = new RankingCopy({
    post: (message) => port.postMessage(message),
    now: () => performance.now(),
    defer: (work) => setImmediate(work),
  });
  port.on('message', (message) => copy.receive(message));
}
