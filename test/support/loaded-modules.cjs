// Preloaded (`node --require`) by test/driver-loading.e2e.spec.ts into a built app: writes to
// LOADED_DRIVERS_FILE, as JSON, which production drivers the process has loaded, when it exits and
// when it receives SIGUSR2 (the spec asks a running service that way, then kills it). The file is
// written whole (a rename), so a reader never sees half of it. NODE_OPTIONS reaches the worker
// threads too: only the main thread reports, or a worker's exit would overwrite the report with
// its own few modules (no worker file imports a driver; the boundary rules keep it so).
const { renameSync, writeFileSync } = require('node:fs');
const { isMainThread } = require('node:worker_threads');

const DRIVER = /[\\/]node_modules[\\/](mongodb|@kurrent[\\/]kurrentdb-client)[\\/]/;

function report() {
  const loaded = new Set();
  for (const file of Object.keys(require.cache)) {
    const match = DRIVER.exec(file);
    if (match) loaded.add(match[1].replace('\\', '/'));
  }
  const file = process.env.LOADED_DRIVERS_FILE;
  writeFileSync(`${file}.tmp`, JSON.stringify([...loaded].sort()));
  renameSync(`${file}.tmp`, file);
}

if (isMainThread) {
  process.on('exit', report);
  process.on('SIGUSR2', report);
}
