/**
 * Requests waiting for the read models to reach a log position (read your writes): the one wait
 * both the engine (in-process projections) and the CheckpointWatcher (an API instance that follows
 * another process's checkpoints) use. Each waiter resolves true once `settle` finds its position
 * reached, or false after its timeout.
 */
export class PositionWaiters {
  private waiters: Array<{
    position: number;
    resolve: (ok: boolean) => void;
    timer: NodeJS.Timeout;
  }> = [];

  get size(): number {
    return this.waiters.length;
  }

  wait(position: number, timeoutMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      const waiter = {
        position,
        resolve,
        timer: setTimeout(() => {
          this.waiters = this.waiters.filter((w) => w !== waiter);
          resolve(false);
        }, timeoutMs),
      };
      this.waiters.push(waiter);
    });
  }

  /** Resolves every waiter whose position `reached` says is reached. */
  settle(reached: (position: number) => boolean): void {
    if (this.waiters.length === 0) return;
    const still = [];
    for (const w of this.waiters) {
      if (reached(w.position)) {
        clearTimeout(w.timer);
        w.resolve(true);
      } else still.push(w);
    }
    this.waiters = still;
  }

  /** Shutdown: every waiter answers false now. */
  cancelAll(): void {
    for (const w of this.waiters.splice(0)) {
      clearTimeout(w.timer);
      w.resolve(false);
    }
  }
}
