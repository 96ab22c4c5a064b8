// Where a V8 CPU profile (node --cpu-prof, or BENCH_PROFILE=dir for the benchmarked service) spent
// its time: self time by function and by package/file, and the inclusive time of named functions.
//   node bench/profile-summary.js <file.cpuprofile> [top=40] [function-name …]
// PROFILE_LAST=10 keeps only the samples of the profile's last 10 s (a benchmark's steady pass,
// without the start-up and the cold pass before it); PROFILE_FROM=215 PROFILE_TO=240 only those
// between these seconds from the profile's start (one scenario of several; each thread's profile
// starts when the thread does; PROFILE_FROM takes the place of PROFILE_LAST).
const { readFileSync } = require('node:fs');

const [file, topArg = '40', ...names] = process.argv.slice(2);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

// Self time per node from the samples and their time deltas (microseconds).
const self = new Map();
const times = [];
profile.timeDeltas.reduce((t, d, i) => (times[i] = t + d), profile.startTime);
const from = process.env.PROFILE_FROM
  ? profile.startTime + Number(process.env.PROFILE_FROM) * 1e6
  : process.env.PROFILE_LAST
    ? profile.endTime - Number(process.env.PROFILE_LAST) * 1e6
    : -Infinity;
const to = process.env.PROFILE_TO
  ? profile.startTime + Number(process.env.PROFILE_TO) * 1e6
  : Infinity;
profile.samples.forEach((id, i) => {
  if (times[i] >= from && times[i] < to) self.set(id, (self.get(id) ?? 0) + profile.timeDeltas[i]);
});
// PROFILE_WITHIN=name keeps only the samples with that function on their stack.
const within = process.env.PROFILE_WITHIN;
const onStack = (id, name) => {
  for (let n = id; n !== undefined; n = parent.get(n))
    if (nodes.get(n).callFrame.functionName === name) return true;
  return false;
};
if (within) for (const id of [...self.keys()]) if (!onStack(id, within)) self.delete(id);
const total = [...self.values()].reduce((a, b) => a + b, 0);
const idle = [...self].filter(([id]) => nodes.get(id).callFrame.functionName === '(idle)');
const idleUs = idle.reduce((a, [, us]) => a + us, 0);

const where = (cf) => {
  const url = cf.url.replace(/^file:\/\//, '');
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 13).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  return url.replace(/.*\/(dist|src)\//, '') || '(native)';
};
const label = (cf) => `${cf.functionName || '(anonymous)'} ${where(cf)}:${cf.lineNumber + 1}`;

const sum = (keyOf) => {
  const m = new Map();
  for (const [id, us] of self) {
    const k = keyOf(nodes.get(id).callFrame);
    m.set(k, (m.get(k) ?? 0) + us);
  }
  return [...m].sort((a, b) => b[1] - a[1]);
};
const pct = (us) => `${((100 * us) / total).toFixed(1).padStart(5)} %`;
const top = Number(topArg);

console.log(
  `total ${(total / 1e6).toFixed(2)} s sampled, ${((total - idleUs) / 1e6).toFixed(2)} s not idle`,
);
console.log('\nself time by package or file:');
for (const [k, us] of sum((cf) => where(cf)).slice(0, top)) console.log(`${pct(us)}  ${k}`);
console.log('\nself time by function:');
for (const [k, us] of sum(label).slice(0, top)) console.log(`${pct(us)}  ${k}`);

// Inclusive time: a sample counts for a function when it is anywhere on the sample's stack.
if (names.length) {
  console.log('\ninclusive time:');
  for (const name of names) {
    let us = 0;
    for (const [id, t] of self) {
      for (let n = id; n !== undefined; n = parent.get(n))
        if (nodes.get(n).callFrame.functionName === name) {
          us += t;
          break;
        }
    }
    console.log(`${pct(us)}  ${name}`);
  }
}

// PROFILE_CALLERS=name: the call paths (up to 6 frames) that lead to that function, by time.
if (process.env.PROFILE_CALLERS) {
  const paths = new Map();
  for (const [id, t] of self) {
    const chain = [];
    let hit = false;
    for (let n = id; n !== undefined; n = parent.get(n)) {
      const cf = nodes.get(n).callFrame;
      if (!hit && cf.functionName === process.env.PROFILE_CALLERS) hit = true;
      if (hit) chain.push(label(cf));
      if (chain.length >= Number(process.env.PROFILE_DEPTH ?? 6)) break;
    }
    if (hit) paths.set(chain.join(' ← '), (paths.get(chain.join(' ← ')) ?? 0) + t);
  }
  console.log(`\ncallers of ${process.env.PROFILE_CALLERS}:`);
  for (const [k, us] of [...paths].sort((a, b) => b[1] - a[1]).slice(0, 12))
    console.log(`${pct(us)}  ${k}`);
}
