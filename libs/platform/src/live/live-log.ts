import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnApplicationShutdown,
} from '@nestjs/common';
import { EVENT_STORE, EventStore, RecordedEvent, Subscription } from '@companion/event-store';
import { ProcessHealth } from '../health/process-health';

export type LiveListener = (event: RecordedEvent) => void;

/**
 * The process's one live subscription to the event log (architecture §2, "Realtime"), fanned out in
 * memory to the WebSocket, socket.io and SSE clients of this instance. It starts at the log head:
 * live delivery is about what happens from now on; SSE clients that resume read their gap from the
 * feed read model. Every API instance has its own, so N instances need no broker and no stickiness.
 *
 * The store's subscription resubscribes by itself after transient faults (the KurrentDB adapter
 * does, from the last event it received); when it still ends while the process is not stopping
 * (access denied, a store closed under it), that is reported to `ProcessHealth`: /api/health answers
 * 503 naming `live-log`, and the process entry point exits non-zero so it is restarted.
 */
@Injectable()
export class LiveLog implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(LiveLog.name);
  private readonly listeners = new Set<LiveListener>();
  private subscription?: Subscription;
  private loop?: Promise<void>;
  private stopped = false;
  /** Position of the last event delivered to listeners. */
  position = 0;

  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    private readonly health: ProcessHealth,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.position = await this.events.headPosition();
    this.subscription = this.events.subscribeToAll({ after: this.position });
    this.loop = this.run(this.subscription);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    this.listeners.clear();
    await this.subscription?.close();
    await this.loop;
  }

  /** Returns the function that removes the listener. */
  listen(listener: LiveListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * An asynchronous listener that handles events one after the other, in log order, so an awaited
   * lookup for one event never lets a later event overtake it; a failure is logged and the next
   * event goes on. Returns the function that removes the listener and resolves once the events
   * already received are handled.
   */
  listenInOrder(
    name: string,
    handle: (event: RecordedEvent) => Promise<void>,
  ): () => Promise<void> {
    let tail: Promise<void> = Promise.resolve();
    const unlisten = this.listen((event) => {
      tail = tail
        .then(() => handle(event))
        .catch((error) =>
          this.logger.error(
            `${name}: ${event.type}@${event.position} failed: ${error instanceof Error ? error.message : String(error)}`,
          ),
        );
    });
    return () => {
      unlisten();
      return tail;
    };
  }

  private async run(subscription: Subscription): Promise<void> {
    let reason = 'the subscription ended';
    try {
      for await (const event of subscription) {
        this.position = event.position;
        for (const listener of this.listeners) {
          try {
            listener(event);
          } catch (error) {
            this.logger.error(
              `live listener failed on ${event.type}@${event.position}: ${error instanceof Error ? error.message : String(error)}`,
            );
          }
        }
      }
    } catch (error) {
      reason = `the subscription failed: ${error instanceof Error ? error.message : String(error)}`;
    }
    if (!this.stopped) this.health.fail(LIVE_LOG, `${reason} after position ${this.position}`);
  }
}

/** The live log's name in /api/health's failures. */
export const LIVE_LOG = 'live-log';
