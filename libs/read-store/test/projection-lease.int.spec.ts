import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LeaseHeldError, ProjectionLease, PROJECTIONS_LEASE, SqliteReadStore } from '../src';

describe('ProjectionLease', () => {
  let dir: string;
  const stores: SqliteReadStore[] = [];
  const leases: ProjectionLease[] = [];
  /** Each holder opens the file itself, as separate processes do. */
  const open = () => {
    const s = new SqliteReadStore(join(dir, 'read.db'));
    stores.push(s);
    return s;
  };
  const lease = (opts: Partial<ConstructorParameters<typeof ProjectionLease>[1]> = {}) => {
    const l = new ProjectionLease(open(), {
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
});
