import fc from 'fast-check';
import { Query } from 'mingo';
import { SqliteReadStore } from '../src/embedded/sqlite-read-store';
import type { Condition, Doc, Filter, Scalar, SortSpec } from '../src/read-store.port';

/**
 * The port's query language means on SQLite what it means on MongoDB: random documents, filters,
 * sorts, skips and limits go through the embedded store (the SQL compiler and SQLite) and through
 * mingo (MongoDB's query language in JavaScript), and must give the same documents in the same
 * order. Each field holds one type, as the port requires; a field may be missing or null.
 */
const FIELDS = {
  n: fc.integer({ min: -3, max: 3 }),
  x: fc.double({ min: -2, max: 2, noNaN: true, noDefaultInfinity: true }),
  s: fc.constantFrom('', 'a', 'b', 'ab', 'B', 'é', 'z'),
  f: fc.boolean(),
  'p.q': fc.integer({ min: 0, max: 2 }),
  // The documents' ids (d00, d01, …) and bounds around them: a range of ids is how a match's
  // messages are read (libs/matching/src/application/conversation.ts).
  _id: fc.constantFrom('', 'd', 'd0', 'd00', 'd03', 'd03:', 'd05;', 'd1', 'd10', 'e'),
} as const;
type Field = keyof typeof FIELDS;
const names = Object.keys(FIELDS) as Field[];
/** `_id` is each sort's last key already. */
const sortable = names.filter((n) => n !== '_id');

const maybe = <T>(a: fc.Arbitrary<T>) =>
  fc.oneof(
    { weight: 4, arbitrary: a.map((v) => ({ v })) },
    { weight: 1, arbitrary: fc.constant({ v: null }) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );

const doc: fc.Arbitrary<Omit<Doc, '_id'>> = fc
  .record({
    n: maybe(FIELDS.n),
    x: maybe(FIELDS.x),
    s: maybe(FIELDS.s),
    f: maybe(FIELDS.f),
    q: maybe(FIELDS['p.q']),
  })
  .map((r) => {
    const d: Record<string, unknown> = {};
    for (const k of ['n', 'x', 's', 'f'] as const) if (r[k]) d[k] = r[k].v;
    if (r.q) d.p = { q: r.q.v };
    return d;
  });

function condition(field: Field): fc.Arbitrary<Condition> {
  const v: fc.Arbitrary<Scalar> = fc.oneof(
    { weight: 5, arbitrary: FIELDS[field] },
    fc.constant(null),
  );
  const list = fc.array(v, { maxLength: 3 });
  return fc.oneof(
    v,
    v.map(($eq) => ({ $eq })),
    v.map(($ne) => ({ $ne })),
    list.map(($in) => ({ $in })),
    list.map(($nin) => ({ $nin })),
    FIELDS[field].map(($gt) => ({ $gt })),
    FIELDS[field].map(($gte) => ({ $gte })),
    FIELDS[field].map(($lt) => ({ $lt })),
    FIELDS[field].map(($lte) => ({ $lte })),
    fc.boolean().map(($exists) => ({ $exists })),
  );
}

const clause: fc.Arbitrary<Filter> = fc
  .uniqueArray(fc.constantFrom(...names), { maxLength: 2 })
  .chain((fields) =>
    fc.tuple(...fields.map((f) => condition(f))).map((conds) => {
      const out: Filter = {};
      fields.forEach((f, i) => (out[f] = conds[i]));
      return out;
    }),
  );

const filter: fc.Arbitrary<Filter> = fc.oneof(
  clause,
  fc
    .tuple(clause, fc.array(clause, { minLength: 1, maxLength: 3 }))
    .map(([c, $or]) => ({ ...c, $or })),
);

const sort: fc.Arbitrary<SortSpec> = fc
  .uniqueArray(fc.constantFrom(...sortable), { maxLength: 2 })
  .chain((fields) =>
    fc.tuple(...[...fields, '_id'].map(() => fc.constantFrom<1 | -1>(1, -1))).map((dirs) =>
      // _id last: the order of ties is then defined on both sides.
      [...fields.map((f, i) => [f, dirs[i]] as const), ['_id', dirs[fields.length]] as const],
    ),
  );

describe('filter semantics: SQLite compiler vs mingo (property)', () => {
  it('gives the same documents in the same order, and the same ids alone', async () => {
    let found = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(doc, { maxLength: 12 }),
        filter,
        sort,
        fc.option(fc.nat({ max: 4 }), { nil: undefined }),
        fc.option(fc.nat({ max: 8 }), { nil: undefined }),
        async (bodies, f, s, skip, limit) => {
          const docs: Doc[] = bodies.map((b, i) => ({
            _id: `d${String(i).padStart(2, '0')}`,
            ...b,
          }));
          const store = new SqliteReadStore(':memory:');
          try {
            await store.ensureCollection('c');
            await store.write(docs.map((d) => ({ collection: 'c', op: 'put' as const, doc: d })));
            const sqlite = (await store.find('c', f, { sort: s, skip, limit })).map((d) => d._id);
            let cursor = new Query(f)
              .find<Doc>(docs)
              .sort(Object.fromEntries(s.map(([field, dir]) => [field, dir])));
            if (skip !== undefined) cursor = cursor.skip(skip);
            if (limit !== undefined) cursor = cursor.limit(limit);
            const mongo = cursor.all().map((d) => d._id);
            expect(sqlite).toEqual(mongo);
            // The ids alone, from a statement that reads no document, are the same ids.
            expect(await store.findIds('c', f, { sort: s, skip, limit })).toEqual(mongo);
            if (sqlite.length > 0) found++;
            expect(await store.count('c', f)).toBe(
              new Query(f as Record<string, unknown>).find(docs).all().length,
            );
          } finally {
            await store.close();
          }
        },
      ),
      { numRuns: 400 },
    );
    // Most runs must select something, or the comparison would say little.
    expect(found).toBeGreaterThan(100);
  });
});
