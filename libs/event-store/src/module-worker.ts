import { join } from 'node:path';
import { Worker, WorkerOptions } from 'node:worker_threads';

/**
 * A worker running a module file: the compiled `.js` as it is. Under ts-jest the source is `.ts`,
 * which a worker cannot load (Node 20 has no type stripping), so the thread starts in
 * ts-module-loader.js, which registers TypeScript's transpiler for `.ts` files and then loads it.
 */
export function moduleWorker(file: string, options: WorkerOptions = {}): Worker {
  if (file.endsWith('.js')) return new Worker(file, options);
  return new Worker(join(__dirname, 'ts-module-loader.js'), {
    ...options,
    argv: [...(options.argv ?? []), file],
  });
}
