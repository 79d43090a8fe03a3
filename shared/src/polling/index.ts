/** The polling trigger's engine: platform-neutral, on the shared client (docs/polling.md). */
export {
  pollEvents,
  latestEvent,
  unpollableEvent,
  DEFAULT_POLL_LIMITS,
  type PollOptions,
  type PollResult,
  type PollLimits,
  type LatestOptions,
} from './engine';
export { readPollSetup } from './setup';
export { POLL_RULES, POLLABLE_EVENTS, pollRuleOf, type PollableEvent, type PollRule } from './rules';
export { readPollState, type PollState, type PollResource, type ResourceMemory, type SeenRecord } from './state';
