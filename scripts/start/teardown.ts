/**
 * What one `npm start` run has started, to be stopped in reverse order: each part registers how to
 * stop it as soon as it runs. Belongs to one run (no module-level state), so a Ctrl-C at any point
 * stops exactly what is up, once.
 */
export class StoppedError extends Error {
  override name = 'StoppedError';
  constructor() {
    super('stopped before the start was done');
  }
}

interface Part {
  stop: () => Promise<void>;
  /** Printed once it is stopped. */
  stopped?: string;
}

export class Teardown {
  private readonly parts: Part[] = [];
  private done: Promise<void> | undefined;

  constructor(private readonly say: (line: string) => void) {}

  get stopping(): boolean {
    return this.done !== undefined;
  }

  /** Registers a running part. If the run is already stopping, it is stopped at once. */
  add(stop: () => Promise<void>, stopped?: string): void {
    const part = { stop, ...(stopped ? { stopped } : {}) };
    if (this.done) void this.done.then(() => this.stopPart(part));
    else this.parts.push(part);
  }

  /** Throws StoppedError once a stop has begun: a start step checks this before starting more. */
  check(): void {
    if (this.stopping) throw new StoppedError();
  }

  /** Stops every part, the newest first. Idempotent: a second call returns the first one's promise. */
  stop(reason: string): Promise<void> {
    return (this.done ??= (async () => {
      this.say(`\n${reason}: stopping...`);
      for (const part of this.parts.reverse()) await this.stopPart(part);
    })());
  }

  private async stopPart(part: Part): Promise<void> {
    try {
      await part.stop();
      if (part.stopped) this.say(part.stopped);
    } catch (error) {
      this.say(`could not stop cleanly: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
