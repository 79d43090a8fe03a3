/** The sandbox store: a local Studiocart (sc/v1) emulator. See sandbox/README.md. */
export { startSandbox } from './server';
export { EVENT_TYPES } from './events';
export type * from './types';
