/** One instant trigger per event of the shared catalogue, keyed like Zapier expects. */
import { EVENTS } from '@commerce-service/shared';
import { eventTrigger } from './event';

export const EVENT_TRIGGERS = Object.fromEntries(
  EVENTS.map((kind) => {
    const trigger = eventTrigger(kind);
    return [trigger.key, trigger];
  }),
);
