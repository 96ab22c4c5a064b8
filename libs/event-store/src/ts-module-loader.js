// A worker thread's entry under ts-jest (moduleWorker): the sources are `.ts`, which Node 20 cannot
// load, so this registers TypeScript's transpiler for `.ts` files and then loads the module named
// by the last argument. Transpiled files are cached on disk by content: loading TypeScript costs
// about half a second of CPU, once per source version instead of once per thread. The built code
// (`dist/`) never comes here: its workers load their `.js` modules directly.
'use strict';
const { createHash } = require('node:crypto');
const { mkdirSync, readFileSync, renameSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

const cacheDir = join(tmpdir(), 'companion-ts-workers');
let ts;

function transpile(filename) {
  const source = readFileSync(filename, 'utf8');
  const key = createHash('sha256').update(`${filename}\0${source}`).digest('hex');
  const cached = join(cacheDir, `${key}.js`);
  try {
    return readFileSync(cached, 'utf8');
  } catch {
    ts ??= require('typescript');
    const js = ts.transpileModule(source, {
      compilerOptions: {
        module: ts.ModuleKind.CommonJS,
        target: ts.ScriptTarget.ES2022,
        esModuleInterop: true,
      },
      fileName: filename,
    }).outputText;
    // Written whole, then renamed: another thread never reads half a file.
    mkdirSync(cacheDir, { recursive: true });
    const partial = `${cached}.${process.pid}.${require('node:worker_threads').threadId}`;
    writeFileSync(partial, js);
    renameSync(partial, cached);
    return js;
  }
}

require.extensions['.ts'] = (module, filename) => module._compile(transpile(filename), filename);
require(process.argv[process.argv.length - 1]);
