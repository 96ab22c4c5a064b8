import Database from 'better-sqlite3';
import type { ProjectedEvent, RecordedEvent } from '../event-store.port';

/**
 * What a projection reads of an event, as a row array (better-sqlite3's raw mode: a million rows as
 * arrays instead of objects saves about a second). A rebuild reads only these five columns, not
 * the stream's name, the revision and the time recorded, which no projection reads
 * (docs/rebuild-speed.md, "What a rebuild reads of an event").
 */
export type ProjectedRow = [
  position: number,
  type: string,
  data: string,
  metadata: string,
  eventId: string,
];
/** A whole event as a row array: the projected columns first, so both share their indexes. */
export type EventRow = [...ProjectedRow, streamName: string, revision: number, recordedAt: string];
const PROJECTED_COLUMNS = 'position, type, data, metadata, event_id';
const COLUMNS = `${PROJECTED_COLUMNS}, stream_name, revision, recorded_at`;
export const [POSITION, TYPE, STREAM_NAME] = [0, 1, 5] as const;

/** The connection settings of every connection to the file: the writer thread's as well. */
export const EVENT_STORE_PRAGMAS = [
  'journal_mode = WAL',
  'synchronous = FULL',
  'busy_timeout = 5000',
];

/** The statements the reading side runs on the main thread's connection. */
export interface EventStatements {
  readForwards: Database.Statement<[string, number, number], EventRow>;
  readBackwards: Database.Statement<[string, number, number], EventRow>;
  allForwards: Database.Statement<[number, number], EventRow>;
  allForwardsProjected: Database.Statement<[number, number], ProjectedRow>;
  allBackwards: Database.Statement<[number, number], EventRow>;
  head: Database.Statement<[], { head: number | null }>;
  streams: Database.Statement<
    [string, number],
    { name: string; last_revision: number; last_position: number }
  >;
}

/**
 * Opens (and on first use creates) the event log's file. A stream's head is read from the events'
 * (stream_name, revision) index. Files made before 2026-11-28 also hold a table of heads
 * (`streams`), which this code neither reads nor writes: opening a file changes nothing in it,
 * but from this code's first append an older build's heads fall behind, and one started on the
 * file then needs the table made again (docs/operations.md).
 */
export function openEventLog(filename: string): Database.Database {
  const db = new Database(filename);
  for (const pragma of EVENT_STORE_PRAGMAS) db.pragma(pragma);
  db.exec(`
    CREATE TABLE IF NOT EXISTS events (
      position    INTEGER PRIMARY KEY AUTOINCREMENT,
      event_id    TEXT    NOT NULL UNIQUE,
      stream_name TEXT    NOT NULL,
      revision    INTEGER NOT NULL,
      type        TEXT    NOT NULL,
      data        TEXT    NOT NULL,
      metadata    TEXT    NOT NULL,
      recorded_at TEXT    NOT NULL,
      UNIQUE (stream_name, revision)
    );
  `);
  return db;
}

export function prepareStatements(db: Database.Database): EventStatements {
  const raw = <P extends unknown[], R = EventRow>(sql: string) => db.prepare<P, R>(sql).raw(true);
  return {
    readForwards: raw(
      `SELECT ${COLUMNS} FROM events WHERE stream_name = ? AND revision >= ? ORDER BY revision ASC LIMIT ?`,
    ),
    readBackwards: raw(
      `SELECT ${COLUMNS} FROM events WHERE stream_name = ? AND revision <= ? ORDER BY revision DESC LIMIT ?`,
    ),
    allForwards: raw(
      `SELECT ${COLUMNS} FROM events WHERE position >= ? ORDER BY position ASC LIMIT ?`,
    ),
    allForwardsProjected: raw<[number, number], ProjectedRow>(
      `SELECT ${PROJECTED_COLUMNS} FROM events WHERE position >= ? ORDER BY position ASC LIMIT ?`,
    ),
    allBackwards: raw(
      `SELECT ${COLUMNS} FROM events WHERE position <= ? ORDER BY position DESC LIMIT ?`,
    ),
    head: db.prepare('SELECT max(position) AS head FROM events'),
    // Each stream's last revision from the index alone, then its position from that one row.
    streams: db.prepare(
      `SELECT s.stream_name AS name, s.last_revision, e.position AS last_position
         FROM (SELECT stream_name, max(revision) AS last_revision FROM events
                WHERE stream_name >= ? GROUP BY stream_name ORDER BY stream_name LIMIT ?) AS s
         JOIN events AS e ON e.stream_name = s.stream_name AND e.revision = s.last_revision
        ORDER BY s.stream_name`,
    ),
  };
}

export function toRecorded([
  position,
  type,
  data,
  metadata,
  id,
  streamName,
  revision,
  recordedAt,
]: EventRow): RecordedEvent {
  return {
    id,
    streamName,
    revision,
    position,
    type,
    data: JSON.parse(data),
    metadata: JSON.parse(metadata),
    recordedAt,
  };
}

export function toProjected([position, type, data, metadata, id]: ProjectedRow): ProjectedEvent {
  return { id, position, type, data: JSON.parse(data), metadata: JSON.parse(metadata) };
}
