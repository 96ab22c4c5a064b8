import { KurrentDBClient } from '@kurrent/kurrentdb-client';
import { isEventStoreUrl } from '../event-store-url';

/**
 * The part of `@kurrent/kurrentdb-client` the adapter uses. Naming it lets the fault tests hand the
 * adapter a stand-in that throws the client's own error classes at chosen points.
 */
export type EsdbClient = Pick<
  KurrentDBClient,
  'appendToStream' | 'readStream' | 'readAll' | 'subscribeToAll' | 'dispose'
>;

/**
 * `kurrentdb://admin:changeit@localhost:2113?tls=false`. The client accepts `esdb://` too but warns
 * on every start that it is deprecated, so that spelling is rewritten to the current one here.
 * The client connects lazily, on first use.
 */
export function connectEsdb(connectionString: string): KurrentDBClient {
  if (!isEventStoreUrl(connectionString))
    throw new Error(
      `EVENTSTORE_URL must start with esdb://, kurrentdb:// or kurrent:// (got ${connectionString.split('://')[0]}://)`,
    );
  return KurrentDBClient.connectionString(
    connectionString.replace(/^esdb(\+discover)?:\/\//i, 'kurrentdb$1://'),
  );
}
