// Start-up and projection throughput on a large log (bench/grow-log.js makes one):
// 1. the first start catches the read models up with the events the log grew by (projection
//    throughput, all projections at once); 2. a second start on caught-up read models (start-up time);
// 3. an inline rebuild of one projection from position 0 (rebuild throughput).
//   node bench/log-bench.js 10000-1000000 [projection]
const { execFileSync } = require('node:child_process');
const { cpSync, mkdirSync, rmSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { ROOT, startService } = require('./lib');

const name = process.argv[2] ?? '10000-1000000';
const projection = process.argv[3] ?? 'matching';

async function main() {
  const work = join(ROOT, 'bench', 'data', `run-${name}`);
  rmSync(work, { recursive: true, force: true });
  cpSync(join(ROOT, 'bench', 'data', name), work, { recursive: true });
  const first = await startService(work);
  const events = first.health.eventStore.head;
  await first.stop();
  const second = await startService(work);
  const startupMs = Math.round(second.startupMs);
  await second.stop();
  const t0 = Date.now();
  const out = execFileSync(process.execPath, [join(ROOT, 'dist', 'apps', 'cli', 'src', 'main.js'), 'rebuild', projection, '--inline', '--json'], { env: { ...process.env, DATA_DIR: work } }).toString();
  const seconds = (Date.now() - t0) / 1000;
  const rates = out.trim().split('\n').map((l) => JSON.parse(l)).filter((l) => l.eventsPerSecond).map((l) => l.eventsPerSecond);
  const report = {
    date: new Date().toISOString(),
    events,
    catchUp: { seconds: Math.round(first.startupMs) / 1000, eventsPerSecond: null, note: 'first start: every projection applies the events the log grew by' },
    startupMs,
    rebuild: { projection, seconds, eventsPerSecond: Math.round(events / seconds), engineReported: rates.length ? Math.max(...rates) : null },
  };
  mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench', 'results', `${report.date.slice(0, 10)}-log-${name}.json`), JSON.stringify(report, null, 2) + '\n');
  console.log(JSON.stringify(report));
  rmSync(work, { recursive: true, force: true });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
