// The read store's writer alone, as a rebuild loads a large collection: the feed items of the
// 1 000 000-event log (read from the caught-up copy bench/log-bench.js keeps), written in batches of
// 50 000 by the real writeDocuments (from dist/) into a new file under the store's pragmas, then
// indexed as the feed's generation is. Three ways, alternated: with the unique id index from the
// start (the rebuild before 2026-11-26 18:00); loaded by row with every index made at the end
// (LoadingCollections, docs/rebuild-id-index.md); by row with the declared indexes kept while
// loading and the id index at the end (IndexSpec.followsLog, docs/rebuild-indexes-while-loading.md).
// LOAD_COLLECTION=messages loads matching's 930 005 messages as version 1 of the projection kept
// them (under their own ids, with an index by match and number); LOAD_COLLECTION=messages-by-match
// as version 2 does (under `matchId:seq`, no other index; docs/messages-keyed-by-match.md). Either
// is made from whichever form the data set holds.
// LOAD_WAY=end (or early, unique) runs one way only; BENCH_CHECKOUT=<dir> takes writeDocuments
// from that checkout's dist/ (to compare two builds, bench/startup-compare.js says how to make one).
// Wall and CPU time of this process.
//   npm run build && node bench/read-store-load-cost.js [rounds=2] [data set=run-10000-1000000]
const fs = require('node:fs');
const { cpus, loadavg, tmpdir } = require('node:os');
const { join } = require('node:path');
const Database = require('better-sqlite3');
const { ROOT, commitOf, writeResult } = require('./lib');

const CHECKOUT = process.env.BENCH_CHECKOUT ?? ROOT;
const { writeDocuments } = require(
  join(CHECKOUT, 'dist/libs/read-store/src/embedded/write-documents'),
);

// This checkout's key (a BENCH_CHECKOUT from before matching's version 2 has none).
const { messageKey } = require(
  join(ROOT, 'dist/libs/matching/src/projections/matching.projection'),
);

const [rounds = '2', set = 'run-10000-1000000'] = process.argv.slice(2);
const BATCH = 50_000;
const PRAGMAS = [
  'journal_mode = WAL',
  'synchronous = NORMAL',
  'wal_autocheckpoint = 10000',
  'cache_size = -131072',
];

const COLLECTION = process.env.LOAD_COLLECTION ?? 'feed';
const KEYED = COLLECTION === 'messages-by-match';
const TABLE = KEYED ? 'messages' : COLLECTION;
const t = `"c_${TABLE}"`;
const INDEXES = {
  feed: [
    `CREATE INDEX "i_feed_by_position" ON ${t} (json_extract(doc, '$.position') DESC)`,
    `CREATE INDEX "i_feed_by_type_position" ON ${t} (json_extract(doc, '$.type') ASC, json_extract(doc, '$.position') DESC)`,
  ],
  messages: [
    `CREATE INDEX "i_messages_by_match_seq" ON ${t} (json_extract(doc, '$.matchId') ASC, json_extract(doc, '$.seq') DESC)`,
  ],
  'messages-by-match': [],
}[COLLECTION];
if (!INDEXES) throw new Error('LOAD_COLLECTION: feed, messages or messages-by-match');

/** A message document in the form LOAD_COLLECTION asks for, from either form. */
function messageRow([id, json]) {
  const stored = JSON.parse(json);
  const { messageId = id, senderId, content, seq, createdAt, _pos } = stored;
  const matchId = stored.matchId ?? id.slice(0, id.lastIndexOf(':'));
  const rest = { senderId, content, seq, createdAt, _pos };
  const doc = KEYED
    ? { _id: messageKey(matchId, seq), messageId, ...rest }
    : { _id: messageId, matchId, ...rest };
  return [doc._id, JSON.stringify(doc)];
}

function documents() {
  const db = new Database(join(__dirname, 'data', set, 'read.db'), { readonly: true });
  const [{ name }] = db
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'c_${TABLE}_g%'`)
    .all();
  const rows = db.prepare(`SELECT id, doc FROM "${name}" ORDER BY rowid`).raw().all();
  db.close();
  return TABLE === 'messages' ? rows.map(messageRow) : rows;
}

const time = (fn) => {
  const c0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  fn();
  const c = process.cpuUsage(c0);
  return {
    ms: Math.round(Number(process.hrtime.bigint() - t0) / 1e6),
    cpuMs: Math.round((c.user + c.system) / 1000),
  };
};

const ALL_WAYS = {
  'unique id index from the start': { byRow: false, early: false, key: 'unique' },
  'by row, every index at the end': { byRow: true, early: false, key: 'end' },
  'by row, declared indexes kept while loading': { byRow: true, early: true, key: 'early' },
};
const WAYS = Object.fromEntries(
  Object.entries(ALL_WAYS).filter(
    ([, way]) => !process.env.LOAD_WAY || way.key === process.env.LOAD_WAY,
  ),
);

function load(rows, way) {
  const dir = fs.mkdtempSync(join(tmpdir(), 'companion-load-'));
  try {
    return loadInto(dir, rows, way);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function loadInto(dir, rows, { byRow, early }) {
  const db = new Database(join(dir, 'read.db'));
  for (const p of PRAGMAS) db.pragma(p);
  db.exec(`CREATE TABLE ${t} (id TEXT NOT NULL${byRow ? '' : ' UNIQUE'}, doc TEXT NOT NULL)`);
  if (early) for (const statement of INDEXES) db.exec(statement);
  const writes = time(() => {
    for (let i = 0; i < rows.length; i += BATCH) {
      const part = rows.slice(i, i + BATCH);
      const ids = part.map((r) => r[0]);
      const rowNumbers = byRow ? part.map((_, j) => i + j + 1) : undefined;
      const result = writeDocuments(db, {
        tables: [{ table: t, ids, jsons: part.map((r) => r[1]), rows: rowNumbers }],
      });
      if (!('ok' in result)) throw new Error(JSON.stringify(result));
    }
  });
  const schema = [
    ...(byRow ? [`CREATE UNIQUE INDEX "id_${TABLE}" ON ${t} (id)`] : []),
    ...(early ? [] : INDEXES),
  ];
  const indexes = time(() => writeDocuments(db, { schema, tables: [] }));
  db.close();
  return { writes, indexes, totalMs: writes.ms + indexes.ms };
}

const rows = documents();
const names = Object.keys(WAYS);
const runs = Object.fromEntries(names.map((name) => [name, []]));
for (let i = 0; i < Number(rounds); i++)
  for (const name of i % 2 ? [...names].reverse() : names) {
    const r = load(rows, WAYS[name]);
    runs[name].push(r);
    console.log(
      `${name}: writes ${r.writes.ms} ms (CPU ${r.writes.cpuMs}), indexes ${r.indexes.ms} ms (CPU ${r.indexes.cpuMs}), ${r.totalMs} ms in all`,
    );
  }
const file = writeResult(
  {
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, model: cpus()[0]?.model, node: process.version },
    commit: commitOf(CHECKOUT),
    collection: COLLECTION,
    documents: rows.length,
    batch: BATCH,
    loadAverage: loadavg()[0],
    runs,
  },
  'read-store-load-cost',
);
console.log(`written ${file}`);
