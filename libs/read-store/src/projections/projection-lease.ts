import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { Lease, ReadStore, ReadStoreBusyError } from '../read-store.port';

/** The one lease every process that applies events to the read models must hold. */
export const PROJECTIONS_LEASE = 'projections';

export interface ProjectionLeaseOptions {
  now: () => Date;
  /** How long a claim lasts without renewal (default 15 s); renewed every third of it. */
  ttlMs?: number;
  /**
   * Whether `acquire` waits for the holder to release or expire (a projector in a rolling deploy)
   * or refuses at once (the CLI's inline rebuild).
   */
  wait: boolean;
  log?: (message: string) => void;
  /** The lease was lost (taken over, or not renewed in time): stop applying events now. */
  onLost: (reason: string) => void;
}

/** The lease is held by another process and `wait` is off. */
export class LeaseHeldError extends Error {
  constructor(readonly lease: Lease) {
    super(
      `the projections are being applied by ${lease.owner} (lease until ${lease.expiresAt}); ` +
        'stop that process, or wait until it has stopped',
    );
    this.name = 'LeaseHeldError';
  }
}

/**
 * One projector at a time: a lease document (owner, expiry) that the holder renews, so that a
 * rolling deploy, a scaled projector or `cli rebuild --inline` never applies events twice at once.
 * A holder that stops without releasing (a crash) is replaced once its claim expires.
 */
export class ProjectionLease {
  readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly ttlMs: number;
  private renewer?: NodeJS.Timeout;
  private expiresAt = 0;
  private held = false;

  constructor(
    private readonly store: ReadStore,
    private readonly options: ProjectionLeaseOptions,
  ) {
    this.ttlMs = options.ttlMs ?? 15_000;
  }

  async acquire(): Promise<void> {
    let told = '';
    for (;;) {
      const lease = await this.claim();
      if (lease.owner === this.owner) break;
      if (!this.options.wait) throw new LeaseHeldError(lease);
      if (told !== lease.owner) {
        told = lease.owner;
        this.options.log?.(
          `waiting for the projections lease held by ${lease.owner} (until ${lease.expiresAt})`,
        );
      }
      await new Promise((r) => setTimeout(r, this.ttlMs / 3));
    }
    this.held = true;
    this.options.log?.(`holding the projections lease as ${this.owner}`);
    this.renewer = setInterval(() => void this.renew(), this.ttlMs / 3);
  }

  async release(): Promise<void> {
    if (this.renewer) clearInterval(this.renewer);
    if (!this.held) return;
    this.held = false;
    await this.store.releaseLease(PROJECTIONS_LEASE, this.owner);
  }

  private async claim(): Promise<Lease> {
    const now = this.options.now();
    const lease = await this.store.claimLease(
      PROJECTIONS_LEASE,
      this.owner,
      now,
      new Date(now.getTime() + this.ttlMs),
    );
    if (lease.owner === this.owner) this.expiresAt = Date.parse(lease.expiresAt);
    return lease;
  }

  private async renew(): Promise<void> {
    if (!this.held) return;
    let reason: string | undefined;
    try {
      const lease = await this.claim();
      if (lease.owner !== this.owner) reason = `the lease was taken over by ${lease.owner}`;
    } catch (error) {
      // A locked store is not a lost lease: while the lock is held (by this process's writer thread
      // committing a large rebuild batch, say) nobody can take the lease over, and once it is free
      // the next claim says who holds it. Giving up here stopped a 1 000 000-event rebuild under
      // load (docs/pulse-and-rebuild-cost.md).
      if (error instanceof ReadStoreBusyError) return;
      // A store that does not answer: keep trying until the claim runs out.
      if (this.options.now().getTime() >= this.expiresAt)
        reason = `the lease could not be renewed: ${error instanceof Error ? error.message : String(error)}`;
    }
    if (reason && this.held) {
      this.held = false;
      if (this.renewer) clearInterval(this.renewer);
      this.options.onLost(reason);
    }
  }
}
