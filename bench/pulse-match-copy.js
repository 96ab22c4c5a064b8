// The pulse projection's copy of a pulse with one match entry set (libs/pulse/src/projections/
// with-match.ts), on 5 000 pulses each holding one match under its own random id, as the
// 1 000 000-event log's pulses do: the spread of an object literal the projection once used (one
// hidden class per match id) against the service's `Object.create(null)` copy. Prints µs per copy.
//   npm run build && node bench/pulse-match-copy.js
const { randomUUID } = require('crypto');
const ids = Array.from({ length: 5000 }, () => randomUUID());
const mk = (nullProto) =>
  ids.map((id) => {
    const m = nullProto ? Object.create(null) : {};
    m[id] = { partnerId: 'x', n: 0 };
    return { _id: 'a', likers: [], likesGiven: [], matches: m, activities: {}, mixer: {} };
  });
// The service's copy (the built code), against the object-literal copy it replaced.
const { withMatch: serviceCopy } = require('../dist/libs/pulse/src/projections/with-match');
function literalCopy(p, matchId, match) {
  return { ...p, matches: { ...p.matches, [matchId]: match } };
}
const withMatch = (p, matchId, match, nullProto) =>
  (nullProto ? serviceCopy : literalCopy)(p, matchId, match);
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
