// Preloaded (`node --require`) by test/driver-loading.e2e.spec.ts into a built app: writes to
// LOADED_DRIVERS_FILE, as JSON, which production drivers the process has loaded, when it exits and
// when it receives SIGUSR2 (a service stopped by SIGTERM is killed by the signal Nest raises again
// after its shutdown, and a process killed by a signal runs no 'exit' listener).
// NODE_OPTIONS reaches the worker threads too: only the main thread reports, or a worker's exit
// would overwrite the report with its own few modules.
const { writeFileSync } = require('node:fs');
const { isMainThread } = require('node:worker_threads');

const DRIVER = /[\\/]node_modules[\\/](mongodb|@kurrent[\\/]kurrentdb-client)[\\/]/;

function report() {
  const loaded = new Set();
  for (const file of Object.keys(require.cache)) {
    const match = DRIVER.exec(file);
    if (match) loaded.add(match[1].replace('\\', '/'));
  }
  writeFileSync(process.env.LOADED_DRIVERS_FILE, JSON.stringify([...loaded].sort()));
}

if (isMainThread) {
  process.on('exit', report);
  process.on('SIGUSR2', report);
}
