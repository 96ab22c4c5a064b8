import fc from 'fast-check';
import Database from 'better-sqlite3';
import { compileFilter, compileSort, fieldExpr } from '../src/embedded/sql-filter';
import type { Condition, Filter, Scalar } from '../src/read-store.port';

/**
 * Property tests of the SQLite filter compiler: no user string ever becomes SQL text. A field name is
 * either refused (Error "invalid field path: …") or becomes the one string literal of its expression,
 * the JSON path `'$.<field>'` of a plain dotted identifier; every value travels as a bound parameter,
 * one `?` per parameter.
 */

const PATH = /^\$\.[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

/** The string literals of a SQL text ('' is an escaped quote inside one). */
function literals(sql: string): string[] {
  return [...sql.matchAll(/'((?:[^']|'')*)'/g)].map((m) => m[1].replace(/''/g, "'"));
}

const placeholders = (sql: string) => sql.replace(/'(?:[^']|'')*'/g, '').split('?').length - 1;

/** SQL with its literals and placeholders removed: only the compiler's own words may be left. */
const skeleton = (sql: string) => sql.replace(/'(?:[^']|'')*'/g, "''").replace(/\?/g, '');
const KEYWORDS = /^(json_extract|json_type|doc|id|IS|NOT|NULL|AND|OR|IN|ORDER|BY|ASC|DESC|0|1)$/;

/** Field names: identifiers, dotted paths, and hostile strings. */
const fieldName = fc.oneof(
  fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,10}(\.[A-Za-z_][A-Za-z0-9_]{0,10}){0,2}$/),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom(
    "a') OR 1=1 --",
    "a'",
    "name'); DROP TABLE agents; --",
    '$.name',
    'a.b[0]',
    'a..b',
    '.a',
    'a.',
    'a\n',
    'a\u0000',
    'a b',
    '"a"',
    'a--',
    'a/*',
    '_id',
    '__proto__',
    'constructor',
    'ａ',
    'a\u200B',
  ),
);

const scalar: fc.Arbitrary<Scalar> = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom("' OR '1'='1", "'); DROP TABLE x; --", '?', "''", '\u0000', '$.a'),
  fc.double({ noNaN: true }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
);

const condition: fc.Arbitrary<Condition> = fc.oneof(
  scalar,
  fc.record(
    {
      $eq: scalar,
      $ne: scalar,
      $in: fc.array(scalar, { maxLength: 4 }),
      $nin: fc.array(scalar, { maxLength: 4 }),
      $gt: scalar,
      $gte: scalar,
      $lt: scalar,
      $lte: scalar,
      $exists: fc.boolean(),
    },
    { requiredKeys: [] },
  ) as fc.Arbitrary<Condition>,
);

const filter: fc.Arbitrary<Filter> = fc.letrec<{ filter: Filter }>((tie) => ({
  filter: fc
    .tuple(
      fc.dictionary(fieldName, condition, { maxKeys: 3 }),
      fc.option(fc.array(tie('filter'), { maxLength: 2 }), { nil: undefined, depthSize: 'small' }),
    )
    .map(([fields, or]) => (or === undefined ? fields : { ...fields, $or: or }) as Filter),
})).filter;

/** Every string a filter holds as a value (what must travel as parameters). */
function valueStrings(f: Filter): string[] {
  return Object.entries(f).flatMap(([key, value]) => {
    if (key === '$or') return (value as Filter[]).flatMap(valueStrings);
    if (typeof value === 'string') return [value];
    if (value && typeof value === 'object')
      return Object.values(value)
        .flatMap((v) => (Array.isArray(v) ? v : [v]))
        .filter((v): v is string => typeof v === 'string');
    return [];
  });
}

const db = new Database(':memory:');
db.exec('CREATE TABLE docs (id TEXT PRIMARY KEY, doc TEXT NOT NULL)');
db.prepare('INSERT INTO docs VALUES (?, ?)').run(
  'a',
  JSON.stringify({ name: "O'Brien", n: 1, flag: true, nested: { x: 'y' } }),
);

describe('compileFilter (property)', () => {
  it('a field name is refused or becomes exactly one literal, its JSON path', () => {
    fc.assert(
      fc.property(fieldName, scalar, (field, value) => {
        let compiled;
        try {
          compiled = compileFilter({ [field]: value });
        } catch (error) {
          expect(error).toBeInstanceOf(Error);
          expect((error as Error).message).toMatch(/^invalid field path/);
          expect(/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/.test(field)).toBe(false);
          return;
        }
        if (field === '_id') {
          expect(literals(compiled.sql)).toEqual([]);
          return;
        }
        expect(literals(compiled.sql)).toEqual([`$.${field}`]);
        expect(literals(compiled.sql)[0]).toMatch(PATH);
      }),
      { numRuns: 2000 },
    );
  });

  it('any filter: the only literals are JSON paths, every value is a parameter, and SQLite accepts the SQL', () => {
    let compiledCount = 0;
    fc.assert(
      fc.property(filter, (f) => {
        let compiled;
        try {
          compiled = compileFilter(f);
        } catch (error) {
          expect((error as Error).message).toMatch(/^invalid field path/);
          return;
        }
        compiledCount += 1;
        for (const literal of literals(compiled.sql)) expect(literal).toMatch(PATH);
        expect(placeholders(compiled.sql)).toBe(compiled.params.length);
        for (const word of skeleton(compiled.sql)
          .split(/[\s(),=!<>']+/)
          .filter(Boolean))
          expect(word).toMatch(KEYWORDS);
        // Every string value is bound, none is spelled into the SQL text outside the paths.
        const params = compiled.params.filter((p): p is string => typeof p === 'string');
        for (const value of valueStrings(f)) expect(params).toContain(value);
        for (const param of compiled.params)
          expect(['string', 'number'].includes(typeof param) || param === null).toBe(true);
        // SQLite parses it and runs it against a document without error.
        db.prepare(`SELECT id FROM docs WHERE ${compiled.sql}`).all(...compiled.params);
      }),
      { numRuns: 1000 },
    );
    expect(compiledCount).toBeGreaterThan(100); // not vacuous: many filters did compile
  });

  it('sorting: fields are refused or become JSON paths, never SQL text', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fieldName, fc.constantFrom(1 as const, -1 as const)), { maxLength: 3 }),
        (sort) => {
          let sql: string;
          try {
            sql = compileSort(sort);
          } catch (error) {
            expect((error as Error).message).toMatch(/^invalid field path/);
            return;
          }
          for (const literal of literals(sql)) expect(literal).toMatch(PATH);
          expect(placeholders(sql)).toBe(0);
          for (const word of skeleton(sql)
            .split(/[\s(),']+/)
            .filter(Boolean))
            expect(word).toMatch(KEYWORDS);
          db.prepare(`SELECT id FROM docs${sql}`).all();
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('fieldExpr names the hostile examples it refuses', () => {
    for (const field of ["a') OR 1=1 --", "a'", 'a b', 'a\n', 'a.', '.a', '$.a', 'a[0]'])
      expect(() => fieldExpr(field)).toThrow(/^invalid field path/);
    expect(fieldExpr('nested.x')).toBe("json_extract(doc, '$.nested.x')");
  });
});
