// The pulse projection's copy of a pulse with one match entry set (libs/pulse/src/projections/
// with-match.ts), on 5 000 pulses each holding one match under its own random id, as the
// 1 000 000-event log's pulses do: the matches map as an object literal (`{}`, one hidden class per
// match id) against `Object.create(null)` (dictionary mode). Prints µs per copy.
//   node bench/pulse-match-copy.js
const { randomUUID } = require('crypto');
const ids = Array.from({ length: 5000 }, () => randomUUID());
const mk = (nullProto) =>
  ids.map((id) => {
    const m = nullProto ? Object.create(null) : {};
    m[id] = { partnerId: 'x', n: 0 };
    return { _id: 'a', likers: [], likesGiven: [], matches: m, activities: {}, mixer: {} };
  });
function withMatch(p, matchId, match, nullProto) {
  const matches = nullProto ? Object.create(null) : {};
  for (const id in p.matches) matches[id] = p.matches[id];
  matches[matchId] = match;
  return {
    _id: p._id,
    likers: p.likers,
    likesGiven: p.likesGiven,
    matches,
    activities: p.activities,
    mixer: p.mixer,
  };
}
for (const nullProto of [false, true, false, true]) {
  let ps = mk(nullProto);
  const t = process.hrtime.bigint();
  for (let r = 0; r < 200; r++)
    for (let i = 0; i < ps.length; i++) {
      const p = ps[i];
      const id = ids[i];
      ps[i] = withMatch(p, id, { partnerId: p.matches[id].partnerId, n: r }, nullProto);
    }
  console.log(
    nullProto ? 'null-proto' : 'plain',
    (Number(process.hrtime.bigint() - t) / 1e6 / (200 * 5000)) * 1000,
    'µs/op',
    JSON.stringify(ps[0]).length,
  );
}
