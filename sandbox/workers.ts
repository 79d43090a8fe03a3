/**
 * The PHP workers of a small host (`--php-workers N`). A WordPress site serves each request in one
 * PHP worker, and a store event runs its hook deliveries inside the request that made the change, so
 * the worker stays taken until every receiver has answered (or its 5 s are up). With few workers, a
 * receiver that calls back into the store before it answers waits for a worker its own delivery holds.
 * `null` workers (the default) is a host that never runs out.
 */

export interface WorkerUsage {
  /** How many workers the host has; null = unlimited. */
  workers: number | null;
  busy: number;
  /** Requests queued for a free worker. */
  waiting: number;
}

export class WorkerPool {
  private busy = 0;
  private readonly queue: (() => void)[] = [];

  constructor(private size: number | null) {
    checkSize(size);
  }

  /** Runs `task` while holding one worker; waits for a free one first. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  resize(size: number | null): void {
    checkSize(size);
    this.size = size;
    this.admit();
  }

  usage(): WorkerUsage {
    return { workers: this.size, busy: this.busy, waiting: this.queue.length };
  }

  /** Lets every queued request go (the sandbox is closing: nothing should wait for a worker). */
  drain(): void {
    this.size = null;
    this.admit();
  }

  private acquire(): Promise<void> {
    if (this.size === null || this.busy < this.size) {
      this.busy += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.queue.push(resolve));
  }

  private release(): void {
    this.busy -= 1;
    this.admit();
  }

  /** First come, first served, as PHP-FPM takes queued connections. */
  private admit(): void {
    while (this.queue.length > 0 && (this.size === null || this.busy < this.size)) {
      this.busy += 1;
      this.queue.shift()?.();
    }
  }
}

function checkSize(size: number | null): void {
  if (size !== null && (!Number.isInteger(size) || size < 1))
    throw new Error(`phpWorkers must be a whole number >= 1 (or null for unlimited), got ${String(size)}`);
}
