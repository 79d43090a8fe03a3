/** The shared Commerce Service client: everything both adapters need, nothing platform-specific. */
export * from './config';
export * from './errors';
export * from './client';
export * from './operations/buildRequest';
export * from './paginate';
export * from './http/transport';
export * from './http/redact';
export { sameEmail } from './reads/customerByEmail';
export { OPERATIONS, ORDERBY_VALUES, type OperationKey } from './operations/catalogue';
export * from './resources/types';
export { FIELDS, type FieldDescription } from './resources/labels';
export { simplifyRecord } from './resources/simplify';
export * from './resources/records';
export { EVENTS, EVENT_CONTENTS, type EventKind } from './events/catalogue';
export type { EventRecord } from './events/record';
export { type DeliveredEvent, parseDelivery, readDelivery } from './events/parse';
export { verifyDelivery, markReadFromStore } from './events/verify';
export type { ParameterReader, PlatformLog, RetryProfile, RetryLimits, Platform } from './platform/port';
export { platformClient } from './platformClient';
export { SiteMemory } from './siteMemory';
export { testConnection, type ConnectionReport } from './connect';
export { SITUATIONS, type Situation } from './situations';
export { STATUS_ANSWERS } from './http/situations';
export { readTriggerSetup, type TriggerSetup, type TriggerParameter } from './triggers/choices';
export {
  type CarriedDelivery,
  receiveDelivery,
  admitReceived,
  takeDelivery,
  carryDeliveries,
  readCarried,
} from './triggers/intake';
export {
  readHookRecord,
  subscribeHookRecord,
  deleteHookRecord,
  keptHookIsCurrent,
  replaceKeptHook,
  deleteKeptHook,
  type HookRecord,
  type HookTarget,
} from './triggers/hooks';
export {
  HOOK_SECRET_PARAM,
  MAX_DELIVERY_RECORDS,
  REPLAY_WINDOW_MS,
  newHookSecret,
  withHookSecret,
  keepHookGuard,
  forgetHookGuard,
  keptHookSecret,
  hookGuardFits,
  screenDelivery,
  ReplayMemory,
  type Refusal,
} from './triggers/guard';
export * from './polling';
export { matchesFilters, type EventFilters } from './events/match';
export { recentEvents } from './events/recent';
export { RESOURCE_SAMPLES } from './events/resourceSamples';
export { readProductPlanChoices, choiceText, eventFiltersOf, recentOptionsOf } from './triggers/choices';
export { planChoices, productPlanChoices, isPurchaseKind } from './triggers/plans';
export type { SiteZone } from './dates/zone';
export { withInstants, handOnAmounts } from './resources/build';
export { withoutInstants } from './resources/instants';
export * from './locators';
export { pickFields } from './resources/pick';
export { withAmountsAsSent } from './resources/money';
export { salesSummary } from './summary/salesSummary';
export { SUMMARY_PERIODS } from './summary/period';
