import { Worker, WorkerOptions } from 'node:worker_threads';

/**
 * A worker running a module file: the compiled `.js` as it is. Under ts-jest the source is `.ts`,
 * which a worker cannot load (Node 20 has no type stripping), so the thread first registers
 * TypeScript's transpiler for `.ts` files; the modules it then requires are transpiled the same way.
 */
export function moduleWorker(file: string, options: WorkerOptions = {}): Worker {
  if (file.endsWith('.js')) return new Worker(file, options);
  const bootstrap = `
    const { readFileSync } = require('node:fs');
    const ts = require('typescript');
    require.extensions['.ts'] = (module, filename) =>
      module._compile(
        ts.transpileModule(readFileSync(filename, 'utf8'), {
          compilerOptions: {
            module: ts.ModuleKind.CommonJS,
            target: ts.ScriptTarget.ES2022,
            esModuleInterop: true,
          },
          fileName: filename,
        }).outputText,
        filename,
      );
    require(${JSON.stringify(file)});
  `;
  return new Worker(bootstrap, { ...options, eval: true });
}
