// The SQLite engine's lock around its one connection. better-sqlite3 runs one transaction at a
// time per connection, and a unit of work (transaction / snapshot) awaits between its
// statements: without the lock, another request's statements would run inside the open unit
// (committed or rolled back with it). So while a unit is open, every call that is not the
// unit's own waits; the waiting calls then run in the order they came.

/** A waiting call: a single statement (run and done) or a unit (holds the lock until it ends). */
interface Waiter {
  unit: boolean;
  start: () => void;
}

export class UnitLock {
  private held = false;
  private readonly waiting: Waiter[] = [];

  /** Whether a unit holds the connection now. */
  get busy(): boolean {
    return this.held;
  }

  /**
   * Runs the synchronous `call` now when no unit is open (the fast path: no promise is created
   * before it runs), else once the units before it have ended.
   */
  run<T>(call: () => T): Promise<T> {
    if (!this.held && this.waiting.length === 0) {
      try {
        return Promise.resolve(call());
      } catch (error) {
        return Promise.reject(error);
      }
    }
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({
        unit: false,
        start: () => {
          try {
            resolve(call());
          } catch (error) {
            reject(error);
          }
        },
      });
    });
  }

  /** Holds the connection for `unit` (an async unit of work) once it is free; releases it when `unit` settles. */
  async hold<T>(unit: () => Promise<T>): Promise<T> {
    if (this.held || this.waiting.length > 0) {
      await new Promise<void>((resolve) => this.waiting.push({ unit: true, start: resolve }));
    } else {
      this.held = true;
    }
    try {
      return await unit();
    } finally {
      this.release();
    }
  }

  /** Hands the connection on: single calls run at once, in order, up to the next waiting unit. */
  private release(): void {
    this.held = false;
    while (this.waiting.length > 0) {
      const next = this.waiting.shift()!;
      if (next.unit) {
        this.held = true;
        next.start();
        return;
      }
      next.start();
    }
  }
}
