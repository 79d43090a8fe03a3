/**
 * What a polling trigger is set up for, read once through the platform's `ParameterReader` and checked
 * before any request: its event must be one the store's API can show (no leads: they exist only as
 * hook deliveries), and its Product and Plans filters are read as the webhook trigger reads them.
 */
import type { EventFilters } from '../events/match';
import type { ParameterReader } from '../platform/port';
import { choiceText, eventFiltersOf, readProductPlanChoices } from '../triggers/choices';
import { pollRuleOf } from './rules';

/** Throws the engine's `ConfigurationError` for an event that cannot be polled (`pollRuleOf`). */
export function readPollSetup(read: ParameterReader, store: string): EventFilters {
  const event = choiceText(read('event', ''));
  pollRuleOf(event, store);
  const choices = readProductPlanChoices({ productId: read('productId', ''), planIds: read('planIds', []) });
  return eventFiltersOf(event, choices);
}
