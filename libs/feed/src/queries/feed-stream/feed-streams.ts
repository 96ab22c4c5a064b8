import type { ServerResponse } from 'node:http';
import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnModuleDestroy,
  OnModuleInit,
} from '@nestjs/common';
import { AgentDoc, AGENTS } from '@companion/agents';
import type { RecordedEvent } from '@companion/event-store';
import { AppConfig, CONFIG, LiveLog } from '@companion/platform';
import { Filter, ReadModels } from '@companion/read-store';
import { FEED, FeedItemDoc, feedItemOf, FeedType } from '../../projections/feed.projection';
import { feedItemView } from '../../application/feed.queries';

export type FeedItemView = ReturnType<typeof feedItemView>;

export const SSE_HEARTBEAT_DEFAULT_MS = 15_000;
/** Items replayed per read-model query when a client resumes. */
const REPLAY_PAGE = 500;
/** A client that stops reading is cut off (it resumes with Last-Event-ID) before its queue grows without bound. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/**
 * The live log rendered as feed items, once for every stream of this instance, in log order: the
 * same mapping as the feed projection (`feedItemOf`) and the same view as GET /feed.
 */
@Injectable()
export class LiveFeed implements OnModuleInit, OnModuleDestroy {
  private readonly subscribers = new Set<(item: FeedItemView) => void>();
  private unlisten?: () => Promise<void>;

  constructor(
    private readonly live: LiveLog,
    private readonly readModels: ReadModels,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.unlisten = this.live.listenInOrder('live feed', (event) => this.render(event));
  }

  async onModuleDestroy(): Promise<void> {
    await this.unlisten?.();
  }

  /**
   * Every live item after `position` reaches the subscriber, in order: the events up to it were
   * rendered before the subscription or are still queued (and come anyway, possibly twice with the
   * replay, which the stream drops by position).
   */
  subscribe(subscriber: (item: FeedItemView) => void): {
    position: number;
    unsubscribe: () => void;
  } {
    this.subscribers.add(subscriber);
    return { position: this.live.position, unsubscribe: () => this.subscribers.delete(subscriber) };
  }

  private async render(event: RecordedEvent): Promise<void> {
    if (this.subscribers.size === 0) return;
    // feedItemOf's Omit<> of an indexed Doc type loses the named fields; these are the ones it returns.
    const item = feedItemOf(event) as Pick<FeedItemDoc, 'type' | 'agentIds' | 'data'> | null;
    if (!item) return;
    const doc: FeedItemDoc = {
      _id: event.id,
      position: event.position,
      at: event.metadata.occurredAt,
      ...item,
    };
    const ids = [...new Set(item.agentIds)];
    let agents = await this.readModels.getMany<AgentDoc>(AGENTS, ids);
    // This instance's live log may run ahead of the agents projection (a registration just appended).
    if (
      agents.length < ids.length &&
      (await this.readModels.waitFor(AGENTS, event.position, this.config.consistencyTimeoutMs))
    ) {
      agents = await this.readModels.getMany<AgentDoc>(AGENTS, ids);
    }
    // Still missing: the agent deleted their profile, and GET /feed does not show the item either.
    if (agents.length < ids.length) return;
    const view = feedItemView(doc, new Map(agents.map((a) => [a._id, a])));
    for (const subscriber of this.subscribers) subscriber(view);
  }
}

export interface FeedStreamOptions {
  type?: FeedType;
  /** Resume after this position (the `id` of the last event the client received). */
  lastEventId?: number;
}

interface OpenStream {
  res: ServerResponse;
  close(): void;
}

/**
 * GET /feed/stream: Server-Sent Events of the public feed. A resuming client gets every item
 * after its Last-Event-ID exactly once, in order: the live subscription is registered first (its
 * items held back), the gap is replayed from the feed read model, then the held-back items follow,
 * and no item at or below the last position sent is ever sent again.
 */
@Injectable()
export class FeedStreams implements BeforeApplicationShutdown {
  private readonly logger = new Logger(FeedStreams.name);
  private readonly open = new Set<OpenStream>();
  constructor(
    private readonly liveFeed: LiveFeed,
    private readonly readModels: ReadModels,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  /** Open streams keep the HTTP server from closing, so they end before it does. */
  beforeApplicationShutdown(): void {
    for (const stream of [...this.open]) stream.close();
  }

  /** Never throws: the response is already the client's stream. */
  async serve(res: ServerResponse, options: FeedStreamOptions): Promise<void> {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    res.flushHeaders();

    let closed = false;
    let lastSent = options.lastEventId ?? 0;
    let held: FeedItemView[] | null = options.lastEventId === undefined ? null : [];
    const write = (chunk: string): boolean => {
      if (closed) return true;
      if (res.writableLength > MAX_BUFFERED_BYTES) {
        stream.close();
        return true;
      }
      return res.write(chunk);
    };
    const send = (item: FeedItemView): boolean => {
      if (item.position <= lastSent || (options.type && item.type !== options.type)) return true;
      lastSent = item.position;
      // No `event:` field: every item is a plain "message", so a textbook EventSource `onmessage`
      // receives it; the item's own `type` says what happened.
      return write(`id: ${item.position}\ndata: ${JSON.stringify(item)}\n\n`);
    };

    const subscription = this.liveFeed.subscribe((item) => (held ? held.push(item) : send(item)));
    const heartbeat = setInterval(() => write(': heartbeat\n\n'), this.config.sseHeartbeatMs);
    const stream: OpenStream = {
      res,
      close: () => {
        if (!closed) res.end();
        cleanup();
      },
    };
    const cleanup = () => {
      closed = true;
      subscription.unsubscribe();
      clearInterval(heartbeat);
      this.open.delete(stream);
    };
    this.open.add(stream);
    res.on('close', cleanup);

    if (options.lastEventId === undefined) return;
    try {
      // The replay must reach what the live subscription has already passed, or items in between would be lost.
      await this.readModels.waitFor(FEED, subscription.position, this.config.consistencyTimeoutMs);
      let after = options.lastEventId;
      for (;;) {
        const filter: Filter = {
          position: { $gt: after },
          ...(options.type ? { type: options.type } : {}),
        };
        const docs = await this.readModels.find<FeedItemDoc>(FEED, filter, {
          sort: [['position', 1]],
          limit: REPLAY_PAGE,
        });
        const agents = new Map(
          (
            await this.readModels.getMany<AgentDoc>(AGENTS, [
              ...new Set(docs.flatMap((d) => d.agentIds)),
            ])
          ).map((a) => [a._id, a]),
        );
        for (const doc of docs) {
          if (closed) return;
          if (doc.agentIds.every((id) => agents.has(id)) && !send(feedItemView(doc, agents)))
            await drained(res);
        }
        if (docs.length < REPLAY_PAGE) break;
        after = docs[docs.length - 1].position;
      }
      const live = held!;
      held = null;
      for (const item of live) send(item);
    } catch (error) {
      this.logger.error(
        `feed stream replay failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      stream.close();
    }
  }
}

function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
