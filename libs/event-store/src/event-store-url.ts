/**
 * The URL schemes accepted for EVENTSTORE_URL; `esdb` is the product's former name. Kept apart from
 * the client so that the configuration can check a URL without loading `@kurrent/kurrentdb-client`.
 */
const SCHEME = /^(esdb|kurrentdb|kurrent|kdb)(\+discover)?:\/\//i;

export function isEventStoreUrl(url: string): boolean {
  return SCHEME.test(url);
}
