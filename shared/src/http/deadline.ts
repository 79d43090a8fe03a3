/**
 * Everything one client may spend on the store from its creation: every call's attempts and waits and
 * the site's zone read (docs/dates.md). A platform that ends its step after a fixed time (Zapier: 30 s)
 * gives its clients a deadline below it, so the user reads the store's answer, not the platform's.
 */
export class Deadline {
  private readonly started: number;

  constructor(
    readonly budgetMs: number,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.started = now();
  }

  /** Milliseconds left; zero or less when the budget is spent. */
  left(): number {
    return this.budgetMs - (this.now() - this.started);
  }
}
