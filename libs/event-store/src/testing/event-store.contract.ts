import { randomUUID } from 'node:crypto';
import type { EventStore, NewEvent } from '../event-store.port';
import { appendContract } from './append.contract';
import type { ContractContext } from './contract-context';
import { readingContract } from './reading.contract';
import { subscriptionContract } from './subscription.contract';

/**
 * The one contract every EventStore adapter passes (emmett's feature-suite idea). It only uses
 * streams with a fresh prefix, so it can run against a shared EventStoreDB that holds other data.
 */
export function eventStoreContract(adapter: string, open: () => Promise<EventStore>): void {
  describe(`EventStore contract: ${adapter}`, () => {
    let store: EventStore;
    let prefix: string;
    const context: ContractContext = {
      get store() {
        return store;
      },
      get prefix() {
        return prefix;
      },
      stream: (name: string) => `${prefix}${name}`,
      event: (type = 'Happened', data: unknown = { n: 1 }): NewEvent => ({
        id: randomUUID(),
        type,
        data,
        metadata: { occurredAt: '2026-11-21T12:00:00.000Z', actorId: 'a1' },
      }),
    };

    beforeAll(async () => {
      store = await open();
    });
    afterAll(async () => {
      await store?.close();
    });
    beforeEach(() => {
      prefix = `contract${randomUUID().replace(/-/g, '').slice(0, 12)}-`;
    });

    appendContract(context);
    readingContract(context);
    subscriptionContract(context);
  });
}
