// Start-up of two builds, alternated on the same data: the API from spawn until its health says
// every projection is live and caught up (bench/lib.js, waitHealthy), and one CLI command (`status
// --json`: the CLI's start and a read of the catalog).
//   node bench/startup-compare.js <before checkout> <after checkout> [data set] [rounds]
// A checkout is a directory holding a built dist/ (and node_modules, a symlink will do), e.g.
//   git worktree add /tmp/before <commit> && ln -s "$PWD/node_modules" /tmp/before/ && (cd
//   /tmp/before && npx tsc -p tsconfig.build.json && npx tsc-alias -p tsconfig.build.json)
// The data set is a caught-up copy under bench/data (default run-10000-1000000, made by
// bench/log-bench.js). Both builds open the same files, one process at a time, with the Node flags
// of this checkout's npm scripts. Rounds alternate which build goes first; the first round also
// warms the machine's file cache, so the median is the figure to read.
const { loadavg } = require('node:os');
const { join, resolve } = require('node:path');
const { ROOT, median, runCli, startService, writeComparison } = require('./lib');

const [before, after] = process.argv.slice(2, 4).map((dir) => resolve(dir));
const data = join(ROOT, 'bench', 'data', process.argv[4] ?? 'run-10000-1000000');
const rounds = Number(process.argv[5] ?? 6);
if (!before || !after) {
  console.error(
    'usage: node bench/startup-compare.js <before checkout> <after checkout> [data set] [rounds]',
  );
  process.exit(2);
}

async function measure(checkout) {
  const service = await startService(
    data,
    {},
    join(checkout, 'dist', 'apps', 'api', 'src', 'main.js'),
  );
  await service.stop();
  const t0 = process.hrtime.bigint();
  runCli(['status', '--json'], data, { checkout, stdio: 'ignore' });
  return {
    apiMs: Math.round(service.startupMs),
    cliMs: Math.round(Number(process.hrtime.bigint() - t0) / 1e6),
  };
}

async function main() {
  const runs = { before: [], after: [] };
  const load = [loadavg()[0]];
  for (let i = 0; i < rounds; i++)
    for (const name of i % 2 ? ['after', 'before'] : ['before', 'after'])
      runs[name].push(await measure(name === 'before' ? before : after));
  load.push(loadavg()[0]);
  const ms = (xs) => Math.round(median(xs));
  const summary = {};
  for (const name of ['before', 'after']) {
    const api = runs[name].map((r) => r.apiMs);
    const cli = runs[name].map((r) => r.cliMs);
    summary[name] = { apiMedianMs: ms(api), cliMedianMs: ms(cli) };
    console.log(
      `${name}: API ${api.join(', ')} ms (median ${ms(api)}); cli status ${cli.join(', ')} ms (median ${ms(cli)})`,
    );
  }
  writeComparison('startup-compare', { before, after, data, loadAverage: load, runs, summary });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
