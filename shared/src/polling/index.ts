/** The polling trigger's engine: platform-neutral, on the shared client (docs/polling.md). */
export { pollEvents, latestEvent } from './engine';
export { readPollSetup } from './setup';
export { POLLABLE_EVENTS } from './rules';
