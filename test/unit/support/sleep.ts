/**
 * Retries wait through a platform's sleep; unit tests record those waits instead of sleeping them,
 * on a fake wall clock that each wait moves on (so the retry budgets see time pass). The Zapier app
 * sleeps with `timerSleep` (`zapier/src/timerSleep.ts`); the n8n nodes with n8n-workflow's `sleep`.
 *
 * This file does not import n8n-workflow, so a `jest.mock('n8n-workflow', ...)` factory may load it
 * (see `n8nWorkflowWithRecordedSleep`).
 */
import * as timers from '../../../zapier/src/timerSleep';

/** Recorded waits, and a fake `Date.now()` that they (and `advance`) move on. */
export class RecordedSleep {
  readonly waits: number[] = [];
  /** Milliseconds on the fake clock (0 after each `start`). */
  now = 0;

  /**
   * Forgets earlier waits and sets the clock to 0; with `clock`, `Date.now()` reads the fake clock
   * until `jest.restoreAllMocks()`.
   */
  start(options: { clock?: boolean } = {}): this {
    this.waits.length = 0;
    this.now = 0;
    if (options.clock) jest.spyOn(Date, 'now').mockImplementation(() => this.now);
    return this;
  }

  /** Time that passes other than by a wait (a slow answer). */
  advance(ms: number): void {
    this.now += ms;
  }

  /** The sleep itself: records the wait and moves the clock on. */
  readonly sleep = async (ms: number): Promise<void> => {
    this.waits.push(ms);
    this.now += ms;
  };
}

/** Records the Zapier app's `timerSleep` from now on, until `jest.restoreAllMocks()`. */
export function recordTimerSleep(options: { clock?: boolean } = {}): RecordedSleep {
  const recorded = new RecordedSleep().start(options);
  jest.spyOn(timers, 'timerSleep').mockImplementation(recorded.sleep);
  return recorded;
}

/** `recordTimerSleep` around every test of the file; the mocks are restored after each. */
export function useTimerSleep(options: { clock?: boolean } = {}): RecordedSleep {
  const recorded = new RecordedSleep();
  beforeEach(() => {
    recorded.start(options);
    jest.spyOn(timers, 'timerSleep').mockImplementation(recorded.sleep);
  });
  afterEach(() => jest.restoreAllMocks());
  return recorded;
}

/** The waits of the n8n nodes, recorded by the module `n8nWorkflowWithRecordedSleep` builds. */
export const n8nSleep = new RecordedSleep();

/**
 * n8n-workflow as it is, but for a `sleep` that `n8nSleep` records. A test file mocks it with
 *
 *   jest.mock('n8n-workflow', () => jest.requireActual<typeof import('../support/sleep')>('../support/sleep').n8nWorkflowWithRecordedSleep());
 *
 * (jest's module registry is per file, so the file's own import of `n8nSleep` is this same object),
 * then calls `n8nSleep.start()` before the waits it checks.
 */
export function n8nWorkflowWithRecordedSleep(): object {
  return { ...jest.requireActual<object>('n8n-workflow'), sleep: jest.fn(n8nSleep.sleep) };
}
