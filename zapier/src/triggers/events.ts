import type { Trigger } from 'zapier-platform-core';
import { EVENTS } from '../../../shared/src';
import { eventTrigger } from './event';

/** One instant trigger per event of the shared catalogue, keyed like Zapier expects. */
export const EVENT_TRIGGERS: Readonly<Record<string, Trigger>> = Object.fromEntries(
  EVENTS.map((kind) => {
    const trigger = eventTrigger(kind);
    return [trigger.key, trigger];
  }),
);
