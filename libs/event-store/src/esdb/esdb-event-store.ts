import {
  AppendResult,
  EventStore,
  EventStoreUnavailableError,
  ExpectedRevision,
  NewEvent,
  ProjectedEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  StreamInfo,
  SubscribeOptions,
  Subscription,
} from '../event-store.port';
import { AppendRetryPolicy, DEFAULT_APPEND_RETRY, EsdbAppender } from './esdb-append';
import { connectEsdb, EsdbClient } from './esdb-client';
import { EsdbReads } from './esdb-reads';
import { EsdbStreamListing } from './esdb-streams';
import {
  DEFAULT_SUBSCRIPTION,
  resubscribingSubscription,
  SubscriptionSettings,
} from './esdb-subscription';

export interface EsdbOptions {
  append?: AppendRetryPolicy;
  subscription?: SubscriptionSettings;
}

/**
 * The production event store: KurrentDB (formerly EventStoreDB) over gRPC via
 * `@kurrent/kurrentdb-client`. A translation only; every behaviour the app relies on lives above
 * the port. Each job is its own file: appends with retries (`esdb-append`), reads
 * (`esdb-reads`), resubscribing subscriptions (`esdb-subscription`), stream listing
 * (`esdb-streams`), the client's errors (`esdb-errors`) and values (`esdb-events`).
 *
 * Reading `$all` needs a user allowed to read it (by default, an admin): put credentials in the
 * connection string. System events (`$`-prefixed streams or types) never leave this adapter.
 */
export class EsdbEventStore implements EventStore {
  private closed = false;
  private readonly subscriptions = new Set<Subscription>();
  private readonly reads: EsdbReads;
  private readonly appender: EsdbAppender;
  private readonly listing: EsdbStreamListing;

  constructor(
    private readonly client: EsdbClient,
    private readonly options: EsdbOptions = {},
  ) {
    this.reads = new EsdbReads(client);
    this.appender = new EsdbAppender(client, this.reads, options.append ?? DEFAULT_APPEND_RETRY);
    this.listing = new EsdbStreamListing(client, this.reads);
  }

  /** `kurrentdb://admin:changeit@localhost:2113?tls=false` (or `esdb://`, `kurrent://`). */
  static connect(connectionString: string, options?: EsdbOptions): EsdbEventStore {
    return new EsdbEventStore(connectEsdb(connectionString), options);
  }

  append(
    streamName: string,
    events: readonly NewEvent[],
    expectedRevision: ExpectedRevision,
  ): Promise<AppendResult> {
    this.assertOpen();
    if (events.length === 0) throw new Error('append needs at least one event');
    return this.appender.append(streamName, events, expectedRevision);
  }

  readStream(streamName: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    this.assertOpen();
    return this.reads.readStream(streamName, options);
  }

  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]> {
    this.assertOpen();
    return this.reads.readAll(options);
  }

  headPosition(): Promise<number> {
    this.assertOpen();
    return this.reads.headPosition();
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    this.assertOpen();
    const subscription = resubscribingSubscription(
      this.client,
      options,
      this.options.subscription ?? DEFAULT_SUBSCRIPTION,
      () => this.subscriptions.delete(subscription),
    );
    this.subscriptions.add(subscription);
    return subscription;
  }
  /** EventStoreDB sends whole events: a recorded event is what a projection reads, and more. */
  subscribeProjected(options: SubscribeOptions): Subscription<ProjectedEvent> {
    return this.subscribeToAll(options);
  }

  listStreams(options?: { prefix?: string; maxCount?: number }): Promise<StreamInfo[]> {
    this.assertOpen();
    return this.listing.listStreams(options);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((s) => s.close()));
    await this.client.dispose();
  }

  private assertOpen(): void {
    if (this.closed) throw new EventStoreUnavailableError('event store is closed');
  }
}
