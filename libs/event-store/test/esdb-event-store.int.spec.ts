import { EsdbEventStore } from '../src/esdb/esdb-event-store';
import { eventStoreContract } from '../src/testing/event-store.contract';

const url = process.env.EVENTSTORE_URL;

if (url) {
  eventStoreContract('EventStoreDB', async () => EsdbEventStore.connect(url));
} else {
  console.warn(
    'EventStore contract: EventStoreDB skipped: EVENTSTORE_URL is not set (no EventStoreDB server on this machine).',
  );
  describe('EventStore contract: EventStoreDB', () => {
    it.skip('skipped: EVENTSTORE_URL is not set (no EventStoreDB server on this machine)', () => {});
  });
}
