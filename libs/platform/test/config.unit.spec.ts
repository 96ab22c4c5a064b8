import { ConfigError, loadConfig } from '../src/config/config';
import { derivedId } from '../src/ids';
import { decodeCursor, encodeCursor } from '../src/http/cursor';
import { DomainError } from '../src/domain';

describe('configuration', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      rateLimits: true,
      production: false,
      publicBaseUrl: 'http://127.0.0.1:3000',
    });
    expect(c.dataDir).toMatch(/data$/);
    expect(c.eventStoreUrl).toBeUndefined();
    expect(c.mongoUrl).toBeUndefined();
    expect(c.readCacheDocuments).toBe(1_000_000);
    expect(loadConfig({ READ_CACHE_DOCUMENTS: '0' }).readCacheDocuments).toBe(0);
    expect(c.freezeShared).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).freezeShared).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test', FREEZE_SHARED: 'off' }).freezeShared).toBe(false);
    expect(loadConfig({ FREEZE_SHARED: 'on' }).freezeShared).toBe(true);
    expect(c.logLevel).toBe('info');
    expect(loadConfig({ LOG_LEVEL: 'DEBUG' }).logLevel).toBe('debug');
  });

  it('logs at LOG_LEVEL (info by default), JSON in production and readable lines elsewhere', () => {
    expect(loadConfig({})).toMatchObject({ logLevel: 'info', logFormat: 'pretty' });
    expect(loadConfig({ NODE_ENV: 'production' }).logFormat).toBe('json');
    expect(loadConfig({ NODE_ENV: 'production', LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(loadConfig({ LOG_LEVEL: 'WARN', LOG_FORMAT: 'json' })).toMatchObject({
      logLevel: 'warn',
      logFormat: 'json',
    });
    expect(() => loadConfig({ LOG_LEVEL: 'verbose' })).toThrow(ConfigError);
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(ConfigError);
  });

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '8080',
      DATA_DIR: '/tmp/x',
      EVENTSTORE_URL: 'esdb://localhost:2113?tls=false',
      MONGO_URL: 'mongodb://localhost:27017/companion',
      PUBLIC_BASE_URL: 'https://companion.example/',
      RATE_LIMITS: 'off',
      NODE_ENV: 'production',
    });
    expect(c).toMatchObject({
      port: 8080,
      dataDir: '/tmp/x',
      eventStoreUrl: 'esdb://localhost:2113?tls=false',
      mongoUrl: 'mongodb://localhost:27017/companion',
      publicBaseUrl: 'https://companion.example',
      rateLimits: false,
      production: true,
    });
  });

  it.each([
    'esdb://admin:changeit@localhost:2113?tls=false',
    'kurrentdb://admin:changeit@localhost:2113?tls=false',
    'kurrent://localhost:2113?tls=false',
    'kurrentdb+discover://node1:2113,node2:2113',
  ])('accepts EVENTSTORE_URL=%s (KurrentDB and its former name)', (url) => {
    expect(loadConfig({ EVENTSTORE_URL: url }).eventStoreUrl).toBe(url);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['RATE_LIMITS', 'maybe'],
    ['EVENTSTORE_URL', 'http://localhost:2113'],
    ['MONGO_URL', 'postgres://x'],
    ['PUBLIC_BASE_URL', 'ftp://x'],
    ['CONSISTENCY_TIMEOUT_MS', '-1'],
    ['READ_CACHE_DOCUMENTS', 'lots'],
    ['READ_CACHE_DOCUMENTS', '-5'],
    ['FREEZE_SHARED', 'yes'],
    ['LOG_LEVEL', 'loud'],
  ])('refuses %s=%s with a clear error', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
  });
});

describe('derived ids', () => {
  it('are stable UUIDs that depend on every part', () => {
    expect(derivedId('a', 'b')).toBe(derivedId('a', 'b'));
    expect(derivedId('a', 'b')).not.toBe(derivedId('ab'));
    expect(derivedId('a', 'b')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});

describe('cursors', () => {
  it('round-trip and refuse anything they did not produce', () => {
    const c = encodeCursor({ c: '2026-01-01', i: 'x' });
    expect(decodeCursor(c, { c: 'string', i: 'string' })).toEqual({ c: '2026-01-01', i: 'x' });
    expect(decodeCursor(undefined, { c: 'string' })).toBeUndefined();
    for (const bad of [
      '',
      '!!',
      encodeCursor({ c: 1, i: 'x' }),
      encodeCursor({ c: 'a' }),
      Buffer.from('[1]').toString('base64url'),
    ]) {
      expect(() => decodeCursor(bad, { c: 'string', i: 'string' })).toThrow(DomainError);
    }
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default and takes on, a hop count or addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'on' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe(
      '10.0.0.0/8, 127.0.0.1',
    );
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(ConfigError);
  });
});
