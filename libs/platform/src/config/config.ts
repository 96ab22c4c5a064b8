import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { isEventStoreUrl } from '@companion/event-store';

export const CONFIG = Symbol('CONFIG');

/** Every setting of the service, read once from the environment (documented in the README). */
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** kurrentdb://…, kurrent://… or esdb://… (KurrentDB's former name); unset means the embedded SQLite event store in dataDir. */
  eventStoreUrl?: string;
  /** mongodb://…; unset means the embedded read store in dataDir, projected inside the API. */
  mongoUrl?: string;
  publicBaseUrl: string;
  rateLimits: boolean;
  production: boolean;
  /** How long a 2xx write waits for its read models (read your writes), milliseconds. */
  consistencyTimeoutMs: number;
  /** Largest request body in bytes; larger gives 413. */
  bodyLimitBytes: number;
  /**
   * Whether this process runs the projections: `PROJECTIONS=on|off`; by default on with the embedded
   * read store and off with MongoDB (apps/projector runs them). Exactly one process may run them.
   */
  runProjections: boolean;
  /** How long a `/ws` connection may stay unauthenticated before it is closed (4408). */
  wsAuthTimeoutMs: number;
  /** The SSE feed stream's heartbeat period. */
  sseHeartbeatMs: number;
  /**
   * Parsed read-model documents the embedded read store keeps in memory (`READ_CACHE_DOCUMENTS`,
   * 0 turns it off). Used only by the process that runs the projections, the file's one writer.
   */
  readCacheDocuments: number;
  /**
   * Freeze the read-model documents and command states that requests share (`FREEZE_SHARED`; on
   * by default only under NODE_ENV=test): code that mutated one would change what the next reader
   * sees without a write, and a frozen object throws instead. Off otherwise, because V8 copies a
   * frozen object by a slow path and projections copy documents all the time (the pulse rebuild of
   * a 1 000 000-event log: 77 s frozen, 39 s not).
   */
  freezeShared: boolean;
  /**
   * Which proxies' `X-Forwarded-For` to believe for the client's address (per-IP rate limits,
   * logs): `TRUST_PROXY=off` (default), `on` (any), a hop count (`1`: the balancer in front), or
   * comma-separated addresses and CIDRs. Fastify's `trustProxy` option.
   */
  trustProxy: boolean | number | string;
  /** The projector's health endpoint port (`PROJECTOR_HEALTH_PORT`, 0 for any free one). */
  projectorHealthPort: number;
  /**
   * Threads that rank a new discovery caller beside the event loop when the population is large
   * (`DISCOVERY_WORKERS`; the machine's cores by default, at most 4; 0 ranks on the event loop).
   */
  discoveryWorkers: number;
  /**
   * From how many discovery candidates a new caller is ranked by the HNSW similarity index instead
   * of the exact scan (`DISCOVERY_INDEX_MIN_AGENTS`, default 50 000; docs/discovery-index.md). The
   * index lives in the first ranking worker (none with `DISCOVERY_WORKERS=0`) and is built there
   * after the first discover that finds the population at or above this size; until it is built,
   * callers get the exact scan. Below it the answers are exactly the exact ranking's.
   */
  discoveryIndexMinAgents: number;
  /** An external text-embedding service (POST {input} → {embedding}); unset means the local embedder. */
  embedderUrl?: string;
  /** `LOG_LEVEL`: fatal, error, warn, info (the default), debug, trace or silent. */
  logLevel: LogLevel;
  /** `LOG_FORMAT`: `json` (one JSON object a line; the default under NODE_ENV=production) or `pretty`. */
  logFormat: 'json' | 'pretty';
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = integer(env.PORT, 'PORT', 3000, 0, 65535);
  const host = env.HOST?.trim() || '127.0.0.1';
  const rateLimits = onOff(env.RATE_LIMITS, 'RATE_LIMITS', true);
  const eventStoreUrl = optional(env.EVENTSTORE_URL);
  if (eventStoreUrl && !isEventStoreUrl(eventStoreUrl)) {
    throw new ConfigError(
      'EVENTSTORE_URL must be a kurrentdb://, kurrent:// or esdb:// connection string',
    );
  }
  const mongoUrl = optional(env.MONGO_URL);
  if (mongoUrl && !/^mongodb(\+srv)?:\/\//.test(mongoUrl))
    throw new ConfigError('MONGO_URL must be a mongodb:// connection string');
  const publicBaseUrl = (
    optional(env.PUBLIC_BASE_URL) ?? `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`
  ).replace(/\/+$/, '');
  if (!/^https?:\/\//.test(publicBaseUrl))
    throw new ConfigError('PUBLIC_BASE_URL must start with http:// or https://');
  return {
    port,
    host,
    dataDir: resolve(optional(env.DATA_DIR) ?? './data'),
    eventStoreUrl,
    mongoUrl,
    publicBaseUrl,
    rateLimits,
    production: env.NODE_ENV === 'production',
    consistencyTimeoutMs: integer(
      env.CONSISTENCY_TIMEOUT_MS,
      'CONSISTENCY_TIMEOUT_MS',
      5000,
      0,
      60000,
    ),
    bodyLimitBytes: integer(
      env.BODY_LIMIT_BYTES,
      'BODY_LIMIT_BYTES',
      64 * 1024,
      1024,
      16 * 1024 * 1024,
    ),
    embedderUrl: httpUrl(env.EMBEDDER_URL, 'EMBEDDER_URL'),
    runProjections: onOff(env.PROJECTIONS, 'PROJECTIONS', !mongoUrl),
    wsAuthTimeoutMs: integer(env.WS_AUTH_TIMEOUT_MS, 'WS_AUTH_TIMEOUT_MS', 10_000, 50, 600_000),
    readCacheDocuments: integer(
      env.READ_CACHE_DOCUMENTS,
      'READ_CACHE_DOCUMENTS',
      1_000_000,
      0,
      100_000_000,
    ),
    freezeShared: onOff(env.FREEZE_SHARED, 'FREEZE_SHARED', env.NODE_ENV === 'test'),
    sseHeartbeatMs: integer(env.SSE_HEARTBEAT_MS, 'SSE_HEARTBEAT_MS', 15_000, 10, 3_600_000),
    logLevel: oneOf(env.LOG_LEVEL, 'LOG_LEVEL', LOG_LEVELS, 'info'),
    logFormat: oneOf(
      env.LOG_FORMAT,
      'LOG_FORMAT',
      ['json', 'pretty'] as const,
      env.NODE_ENV === 'production' ? 'json' : 'pretty',
    ),
    trustProxy: trustProxy(env.TRUST_PROXY),
    projectorHealthPort: integer(
      env.PROJECTOR_HEALTH_PORT,
      'PROJECTOR_HEALTH_PORT',
      9100,
      0,
      65535,
    ),
    discoveryWorkers: integer(
      env.DISCOVERY_WORKERS,
      'DISCOVERY_WORKERS',
      Math.min(4, availableParallelism()),
      0,
      64,
    ),
    discoveryIndexMinAgents: integer(
      env.DISCOVERY_INDEX_MIN_AGENTS,
      'DISCOVERY_INDEX_MIN_AGENTS',
      50_000,
      1,
      1_000_000_000,
    ),
  };
}

function oneOf<T extends string>(
  value: string | undefined,
  name: string,
  allowed: readonly T[],
  fallback: T,
): T {
  const v = value?.trim().toLowerCase();
  if (v === undefined || v === '') return fallback;
  if (!(allowed as readonly string[]).includes(v))
    throw new ConfigError(`${name} must be one of ${allowed.join(', ')}, got "${value}"`);
  return v as T;
}

function trustProxy(value: string | undefined): boolean | number | string {
  const v = optional(value);
  if (v === undefined || v.toLowerCase() === 'off') return false;
  if (v.toLowerCase() === 'on') return true;
  if (/^\d+$/.test(v)) return Number(v);
  if (/^[0-9A-Fa-f:./]+(\s*,\s*[0-9A-Fa-f:./]+)*$/.test(v)) return v;
  throw new ConfigError(
    `TRUST_PROXY must be "on", "off", a hop count or addresses/CIDRs, got "${value}"`,
  );
}

function onOff(value: string | undefined, name: string, fallback: boolean): boolean {
  const v = value?.trim().toLowerCase();
  if (v === undefined || v === '') return fallback;
  if (v !== 'on' && v !== 'off')
    throw new ConfigError(`${name} must be "on" or "off", got "${value}"`);
  return v === 'on';
}

function httpUrl(value: string | undefined, name: string): string | undefined {
  const v = optional(value);
  if (v && !/^https?:\/\/[^\s]+$/.test(v)) throw new ConfigError(`${name} must be an http(s) URL`);
  return v;
}

function optional(value: string | undefined): string | undefined {
  const v = value?.trim();
  return v ? v : undefined;
}

function integer(
  value: string | undefined,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${value}"`);
  return n;
}
