#!/usr/bin/env node
// `npm run test:production`: the production topology on a machine with Docker. Builds the image,
// brings up docker-compose.yml (KurrentDB, a MongoDB replica set, the projector, three API
// instances behind the balancer), runs both contract suites against the real servers and the
// HTTP end-to-end suites against the balancer, then restarts MongoDB and KurrentDB under a write
// load and checks the outcome (test/production/faults.production.spec.ts); tears it all down and
// prints a summary. Without Docker it says so and exits 0. Not part of `npm test`.
import { spawnSync } from 'node:child_process';

const PROJECT = 'companion-test-production';
const BASE = 'http://127.0.0.1:3000';
const env = {
  ...process.env,
  // The end-to-end suites register many agents from one address.
  RATE_LIMITS: 'off',
  COMPOSE_PROJECT: PROJECT,
  E2E_BASE_URL: BASE,
  // From the host the replica set's member name (mongo:27017) does not resolve: connect directly.
  MONGO_URL: 'mongodb://127.0.0.1:27017/companion_test?directConnection=true',
  EVENTSTORE_URL: 'esdb://127.0.0.1:2113?tls=false',
};

function run(command, args, options = {}) {
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env, ...options });
  return { ok: result.status === 0, seconds: Math.round((Date.now() - started) / 1000) };
}

const docker = spawnSync('docker', ['compose', 'version'], { stdio: 'ignore' });
if (
  docker.error ||
  docker.status !== 0 ||
  spawnSync('docker', ['info'], { stdio: 'ignore' }).status !== 0
) {
  console.log(
    'test:production skipped: Docker (with the compose plugin) is not available on this machine.',
  );
  process.exit(0);
}

const compose = (...args) => ['compose', '-p', PROJECT, ...args];
const jest = (...args) => ['node_modules/.bin/jest', '--runInBand', ...args];
const steps = [
  ['build the image', 'docker', compose('build')],
  [
    'start the stack (3 API instances)',
    'docker',
    compose('up', '-d', '--wait', '--scale', 'api=3'),
  ],
  [
    'contract suites against MongoDB and KurrentDB',
    process.execPath,
    jest(
      'libs/read-store/test/mongo-read-store.int.spec.ts',
      'libs/platform/test/rate-limit-store.int.spec.ts',
      'libs/event-store/test/esdb-event-store.int.spec.ts',
    ),
  ],
  [
    'end-to-end suites against the balancer',
    process.execPath,
    jest(
      'test/public.e2e.spec.ts',
      'test/guided-dates.e2e.spec.ts',
      'test/feed-stream.e2e.spec.ts',
    ),
  ],
  [
    'restarts of MongoDB and KurrentDB under write load',
    process.execPath,
    jest('--selectProjects', 'production'),
  ],
];

const results = [];
for (const [name, command, args] of steps) {
  console.log(`\n=== ${name}`);
  const result = run(command, args);
  results.push([name, result]);
  if (!result.ok && results.length <= 2) break; // no stack: nothing else can run
}
console.log('\n=== tear down');
if (!results.every(([, r]) => r.ok))
  spawnSync('docker', compose('logs', '--no-color', '--tail=200'), { stdio: 'inherit' });
spawnSync('docker', compose('down', '-v', '--remove-orphans'), { stdio: 'inherit' });

console.log('\ntest:production summary');
for (const [name, r] of results)
  console.log(`  ${r.ok ? 'PASS' : 'FAIL'}  ${name} (${r.seconds} s)`);
for (const [name] of steps.slice(results.length)) console.log(`  SKIP  ${name}`);
process.exit(results.length === steps.length && results.every(([, r]) => r.ok) ? 0 : 1);
