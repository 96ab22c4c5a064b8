// What a parsed copy of every discovery profile's embedding holds on the heap, per agent: what
// CandidateIndex kept beside its matrix until the breakdown was read from the matrix
// (docs/discovery-cost.md, "Where a new caller's time goes at 100 000 agents").
//   node --expose-gc bench/embedding-memory.js [bench/data/10000+100000/read.db]
const { join } = require('node:path');
const Database = require('better-sqlite3');

const file = process.argv[2] ?? join(__dirname, 'data', '10000+100000', 'read.db');
const db = new Database(file, { readonly: true });
const [{ name }] = db
  .prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'c_discoveryProfiles%' ORDER BY name DESC",
  )
  .all();
global.gc();
const before = process.memoryUsage().heapUsed;
const kept = new Map();
for (const { id, doc } of db.prepare(`SELECT id, doc FROM ${name}`).iterate()) {
  const { embedding } = JSON.parse(doc);
  if (embedding) kept.set(id, embedding);
}
global.gc();
const after = process.memoryUsage().heapUsed;
console.log(
  `${name}: ${kept.size} embeddings, ${((after - before) / kept.size).toFixed(0)} bytes each on the heap (with the map entry and its id)`,
);
