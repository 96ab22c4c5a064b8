import {
  EventStore,
  oneWay,
  ProjectedEvent,
  SubscribeOptions,
  Subscription,
} from '@companion/event-store';

/**
 * The log as it was at `upTo`: reads and subscriptions stop at that position, so a replay into a
 * scratch read store shows the service as it looked then. Writes are refused.
 */
export function boundedEventStore(inner: EventStore, upTo: number): EventStore {
  return {
    append: () => Promise.reject(new Error('a replay never writes to the event log')),
    readStream: async (name, options) =>
      (await inner.readStream(name, options)).filter((e) => e.position <= upTo),
    readAll: async (options) => (await inner.readAll(options)).filter((e) => e.position <= upTo),
    headPosition: async () => Math.min(upTo, await inner.headPosition()),
    listStreams: (options) => inner.listStreams(options),
    close: () => inner.close(),
    subscribeToAll: (options) => bounded(inner.subscribeToAll(options), options, upTo),
    subscribeProjected: (options) => bounded(inner.subscribeProjected(options), options, upTo),
  };
}

function bounded<E extends ProjectedEvent>(
  sub: Subscription<E>,
  options: SubscribeOptions,
  upTo: number,
): Subscription<E> {
  async function* until(): AsyncGenerator<E> {
    if (options.after >= upTo) return;
    for await (const e of sub) {
      if (e.position > upTo) return;
      yield e;
      if (e.position === upTo) return;
    }
  }
  async function* untilInBatches(max: number): AsyncGenerator<E[]> {
    if (options.after >= upTo) return;
    for await (const batch of sub.batches(max)) {
      const kept = batch.filter((e) => e.position <= upTo);
      if (kept.length > 0) yield kept;
      if (kept.length < batch.length || kept[kept.length - 1]?.position === upTo) return;
    }
  }
  return oneWay(until, untilInBatches, () => sub.close());
}
