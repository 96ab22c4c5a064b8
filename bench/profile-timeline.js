// How busy each thread was, second by second: the share of a V8 CPU profile's samples that were
// not idle. Several profiles of one process (node --cpu-prof writes one per thread) are put on one
// clock, the earliest profile's start, so their seconds line up: which thread ran while the others
// waited, and when. A second with no sample of a profile (before its thread started) shows as -.
//   node bench/profile-timeline.js <file.cpuprofile> [<file.cpuprofile> …]
const { readFileSync } = require('node:fs');
const { basename } = require('node:path');

const profiles = process.argv
  .slice(2)
  .map((file) => ({ file, profile: JSON.parse(readFileSync(file, 'utf8')) }));
const origin = Math.min(...profiles.map(({ profile }) => profile.startTime));
for (const { file, profile } of profiles) {
  const idle = new Set(
    profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id),
  );
  const seconds = [];
  let t = profile.startTime - origin; // microseconds, as the profile's times
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i];
    const s = (seconds[Math.floor(t / 1e6)] ??= { busy: 0, all: 0 });
    s.all += 1;
    if (!idle.has(id)) s.busy += 1;
  });
  const line = Array.from(
    seconds,
    (s, i) => `${i}:${s ? Math.round((100 * s.busy) / s.all) : '-'}`,
  );
  console.log(`${basename(file)} (second:busy %)\n  ${line.join(' ')}`);
}
