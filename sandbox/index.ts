/** The sandbox store: a local Studiocart (sc/v1) emulator. See sandbox/README.md. */
export { startSandbox } from './server';
export { EVENT_TYPES } from './events';
export { deviationsFor } from './profiles';
export type * from './types';
