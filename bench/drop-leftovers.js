// Drops what earlier rebuilds left in a data set's read store: every generation of a projection but
// its live one, with its checkpoint, as an engine's start does 15 s into its process (with the
// functions GenerationRetirement.retireLeftovers uses, from this checkout's dist/). A CLI rebuild
// exits before its old generation's grace period is over, so the next rebuild timed on the same
// data paid for that drop on its writer thread, in the middle of its own work.
// bench/log-bench.js and bench/rebuild-compare.js run this, untimed, before each rebuild they time.
// Only on a data set no process has open: it takes no lease and waits for no grace period. There a
// generation the catalog marks as being built is an abandoned build, dropped too: the next rebuild
// would drop it first, inside its timing.
//   npm run build && node bench/drop-leftovers.js <data dir>   (prints the generations it dropped)
const { join, resolve } = require('node:path');

const dataDir = process.argv[2] && resolve(process.argv[2]);
if (!dataDir) {
  console.error('usage: node bench/drop-leftovers.js <data dir>');
  process.exit(2);
}
process.env.DATA_DIR = dataDir;
const dist = (path) => require(join(__dirname, '..', 'dist', 'libs', path));
const { loadConfig, openReadStore } = dist('platform/src/config');
const { buildProjections } = dist('all-projections/src');
const { CATALOG, dropGeneration, leftoverGenerations } = dist('read-store/src');

async function main() {
  const config = loadConfig();
  const store = await openReadStore(config);
  try {
    const collections = await store.listCollections();
    const dropped = [];
    for (const projection of buildProjections(config)) {
      const entry = await store.get(CATALOG, projection.name);
      if (!entry) continue;
      for (const generation of leftoverGenerations(
        projection,
        collections,
        entry.activeGeneration,
      )) {
        await dropGeneration(store, projection, generation);
        dropped.push(`${projection.name} ${generation}`);
      }
    }
    console.log(dropped.join(', '));
  } finally {
    await store.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
