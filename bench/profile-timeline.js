// How busy each thread was, second by second: the share of a V8 CPU profile's samples that were
// not idle, per second from the profile's start. Several profiles of one process (node --cpu-prof
// writes one per thread) show which thread the others waited for, and when.
//   node bench/profile-timeline.js <file.cpuprofile> [<file.cpuprofile> …]
const { readFileSync } = require('node:fs');
const { basename } = require('node:path');

for (const file of process.argv.slice(2)) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const idle = new Set(
    profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id),
  );
  const seconds = [];
  let t = 0;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i];
    const s = (seconds[Math.floor(t / 1e6)] ??= { busy: 0, all: 0 });
    s.all += 1;
    if (!idle.has(id)) s.busy += 1;
  });
  const line = seconds.map((s, i) => `${i}:${s ? Math.round((100 * s.busy) / s.all) : '-'}`);
  console.log(`${basename(file)} (second:busy %)\n  ${line.join(' ')}`);
}
