/** One instant trigger per event of the shared catalogue, keyed like Zapier expects. */
import { EVENTS, type EventKey } from '../../../shared/src';
import { type EventHook, eventHook, eventTrigger } from './event';

/** Each event's hook functions, by event key: the same functions the app's triggers run. */
export const EVENT_HOOKS: ReadonlyMap<EventKey, EventHook> = new Map(EVENTS.map((kind) => [kind.key, eventHook(kind)]));

export const EVENT_TRIGGERS = Object.fromEntries(
  EVENTS.map((kind) => {
    const trigger = eventTrigger(kind, EVENT_HOOKS.get(kind.key));
    return [trigger.key, trigger];
  }),
);
