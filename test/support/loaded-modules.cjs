// Preloaded (`node --require`) into a built app by the specs that check what a process loads
// (test/driver-loading.e2e.spec.ts, test/cli-start.e2e.spec.ts): writes to LOADED_MODULES_FILE, as a
// JSON array, the file of every module the process has loaded, when it exits and when it receives
// SIGUSR2 (a spec asks a running service that way, then kills it). The file is written whole (a
// rename), so a reader never sees half of it. NODE_OPTIONS reaches the worker threads too: only
// the main thread reports, or a worker's exit would overwrite the report with its own few modules.
const { renameSync, writeFileSync } = require('node:fs');
const { isMainThread } = require('node:worker_threads');

function report() {
  const file = process.env.LOADED_MODULES_FILE;
  writeFileSync(`${file}.tmp`, JSON.stringify(Object.keys(require.cache)));
  renameSync(`${file}.tmp`, file);
}

if (isMainThread) {
  process.on('exit', report);
  process.on('SIGUSR2', report);
}
