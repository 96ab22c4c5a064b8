import { Condition, Filter, FindOptions, Operators, Scalar, SortSpec } from '../read-store.port';

/** Compiles the port's query language to SQLite over JSON documents stored in a `doc` column. */

const FIELD = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

export function fieldExpr(field: string): string {
  if (field === '_id') return 'id';
  if (!FIELD.test(field)) throw new Error(`invalid field path: ${field}`);
  return `json_extract(doc, '$.${field}')`;
}

/** SQLite has no boolean: JSON true/false come out of json_extract as 1/0. */
function bind(v: Scalar): string | number | null {
  return typeof v === 'boolean' ? (v ? 1 : 0) : v;
}

export interface CompiledFilter {
  sql: string;
  params: Array<string | number | null>;
}

export function compileFilter(filter: Filter = {}): CompiledFilter {
  const parts: string[] = [];
  const params: Array<string | number | null> = [];
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined) continue;
    if (key === '$or') {
      const branches = (value as Filter[]).map(compileFilter);
      if (branches.length === 0) {
        parts.push('0');
        continue;
      }
      parts.push(`(${branches.map((b) => `(${b.sql})`).join(' OR ')})`);
      for (const b of branches) params.push(...b.params);
      continue;
    }
    const compiled = compileCondition(fieldExpr(key), value as Condition);
    parts.push(compiled.sql);
    params.push(...compiled.params);
  }
  return { sql: parts.length ? parts.join(' AND ') : '1', params };
}

function isOperators(c: Condition): c is Operators {
  return typeof c === 'object' && c !== null;
}

function compileCondition(expr: string, condition: Condition): CompiledFilter {
  if (!isOperators(condition)) return eq(expr, condition);
  const parts: string[] = [];
  const params: Array<string | number | null> = [];
  const add = (c: CompiledFilter) => {
    parts.push(c.sql);
    params.push(...c.params);
  };
  for (const [op, v] of Object.entries(condition)) {
    if (v === undefined) continue;
    switch (op) {
      case '$eq':
        add(eq(expr, v as Scalar));
        break;
      case '$ne':
        add(
          v === null
            ? { sql: `${expr} IS NOT NULL`, params: [] }
            : { sql: `(${expr} IS NULL OR ${expr} != ?)`, params: [bind(v as Scalar)] },
        );
        break;
      case '$in':
      case '$nin': {
        const list = v as readonly Scalar[];
        const values = list.filter((x) => x !== null).map(bind);
        const hasNull = list.length > values.length;
        const inList = values.length ? `${expr} IN (${values.map(() => '?').join(',')})` : '0';
        const sql =
          op === '$in'
            ? hasNull
              ? `(${inList} OR ${expr} IS NULL)`
              : inList
            : hasNull
              ? `(${expr} IS NOT NULL AND NOT ${inList})`
              : `(${expr} IS NULL OR NOT ${inList})`;
        add({ sql, params: values });
        break;
      }
      case '$gt':
      case '$gte':
      case '$lt':
      case '$lte': {
        const sqlOp = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' }[op];
        add({ sql: `${expr} ${sqlOp} ?`, params: [bind(v as Scalar)] });
        break;
      }
      case '$exists':
        // Presence, as in MongoDB: a field holding null exists.
        add({
          sql: `${expr.replace(/^json_extract/, 'json_type')} IS ${v ? 'NOT ' : ''}NULL`,
          params: [],
        });
        break;
      default:
        throw new Error(`unsupported operator: ${op}`);
    }
  }
  return { sql: parts.length ? parts.join(' AND ') : '1', params };
}

function eq(expr: string, v: Scalar): CompiledFilter {
  return v === null
    ? { sql: `${expr} IS NULL`, params: [] }
    : { sql: `${expr} = ?`, params: [bind(v)] };
}

export function compileSort(sort?: SortSpec): string {
  if (!sort || sort.length === 0) return '';
  return ` ORDER BY ${sort.map(([f, d]) => `${fieldExpr(f)} ${d === 1 ? 'ASC' : 'DESC'}`).join(', ')}`;
}

/**
 * The statement of a `find` (`doc`) or a `findIds` (`id`) on a collection's table. A statement
 * naming `id` alone is answered from an index that holds the filter's fields and the id, without
 * reading the row (SQLite's covering index).
 */
export function compileFind(
  table: string,
  column: 'doc' | 'id',
  filter?: Filter,
  options: FindOptions = {},
): CompiledFilter {
  const where = compileFilter(filter);
  let sql = `SELECT ${column} FROM ${table} WHERE ${where.sql}${compileSort(options.sort)}`;
  const params = [...where.params];
  if (options.limit !== undefined || options.skip !== undefined) {
    sql += ' LIMIT ? OFFSET ?';
    params.push(options.limit ?? -1, options.skip ?? 0);
  }
  return { sql, params };
}
