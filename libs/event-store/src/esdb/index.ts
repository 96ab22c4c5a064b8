/**
 * The KurrentDB adapter's door (`@companion/event-store/esdb`). Apart from the library's main door
 * because `@kurrent/kurrentdb-client` takes about 150 ms to load here: the service and the CLI load it
 * only when EVENTSTORE_URL asks for it (`openEventStore`, docs/production.md).
 */
export * from './esdb-event-store';
