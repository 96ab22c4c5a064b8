import Database from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Lease, LeaseHeldError, ProjectionLease, PROJECTIONS_LEASE, SqliteReadStore } from '../src';

describe('ProjectionLease', () => {
  let dir: string;
  const stores: SqliteReadStore[] = [];
  const leases: ProjectionLease[] = [];
  /** Each holder opens the file itself, as separate processes do. */
  const open = (busyTimeoutMs?: number) => {
    const s = new SqliteReadStore(join(dir, 'read.db'), { busyTimeoutMs });
    stores.push(s);
    return s;
  };
  const lease = (opts: Partial<ConstructorParameters<typeof ProjectionLease>[1]> = {}) => {
    const l = new ProjectionLease(open(20), {
      now: () => new Date(),
      wait: true,
      ttlMs: 300,
      onLost: () => {},
      ...opts,
    });
    leases.push(l);
    return l;
  };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'companion-lease-'));
  });
  afterEach(async () => {
    for (const l of leases.splice(0)) await l.release();
    for (const s of stores.splice(0)) await s.close();
  });

  it('refuses a second holder that does not wait, naming the holder', async () => {
    const first = lease();
    await first.acquire();
    const second = lease({ wait: false });
    const refused = await second.acquire().catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(LeaseHeldError);
    expect((refused as Error).message).toContain(first.owner);
  });

  it('keeps a renewed lease beyond its time to live; the waiting one takes over on release', async () => {
    const first = lease();
    await first.acquire();
    const log: string[] = [];
    const second = lease({ log: (m) => log.push(m) });
    let acquired = false;
    const waiting = second.acquire().then(() => (acquired = true));
    // Three times the time to live: the first renews, so the second still waits.
    await new Promise((r) => setTimeout(r, 900));
    expect(acquired).toBe(false);
    expect(log[0]).toContain(`waiting for the projections lease held by ${first.owner}`);
    await first.release();
    await waiting;
    const store = open();
    expect((await store.get('_leases', PROJECTIONS_LEASE))?.owner).toBe(second.owner);
  });

  it('is taken over once a holder stops renewing, and the old holder is told it lost it', async () => {
    let now = Date.now();
    const lost: string[] = [];
    const first = lease({ now: () => new Date(now), onLost: (r) => lost.push(r) });
    await first.acquire();
    // A holder frozen past its expiry (its clock and renewals stopped): another process claims it.
    const other = open();
    const taken = await other.claimLease(
      PROJECTIONS_LEASE,
      'someone-else',
      new Date(Date.now() + 1000),
      new Date(Date.now() + 60_000),
    );
    expect(taken.owner).toBe('someone-else');
    now = Date.now();
    for (let i = 0; i < 50 && lost.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(lost).toEqual(['the lease was taken over by someone-else']);
  });

  it('is kept while the file stays locked past its time to live (a long write), then renewed', async () => {
    const lost: string[] = [];
    const holder = lease({ onLost: (r) => lost.push(r) });
    await holder.acquire();
    // Another connection holds the write lock for over three times the lease's time to live, as
    // the writer thread does while it commits a large rebuild batch: every renewal meets SQLITE_BUSY.
    const writer = new Database(join(dir, 'read.db'));
    writer.exec('BEGIN IMMEDIATE');
    await new Promise((r) => setTimeout(r, 1000));
    writer.exec('COMMIT');
    writer.close();
    await new Promise((r) => setTimeout(r, 300));
    expect(lost).toEqual([]);
    const store = open();
    const held = await store.get<Lease>('_leases', PROJECTIONS_LEASE);
    expect(held?.owner).toBe(holder.owner);
    // Renewed after the lock was freed: its expiry lies ahead again.
    expect(Date.parse(held!.expiresAt)).toBeGreaterThan(Date.now());
  });
});
