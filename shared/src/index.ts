/** The shared Commerce Service client: everything both adapters need, nothing platform-specific. */
export * from './config';
export * from './errors';
export * from './storeApi';
export * from './operations/inputs';
export * from './paginate';
export * from './http/transport';
export * from './http/redact';
export { type RetryOptions } from './http/retry';
export { sameEmail } from './reads/customerByEmail';
export { ORDERBY_VALUES } from './operations/catalogue';
export * from './resources/types';
export { FIELDS, FIELD_LABELS, type FieldDescription } from './resources/labels';
export { EVENTS, eventKind, PURCHASE_KINDS, type EventKey, type EventKind, type EventNoun } from './events/catalogue';
export type { EventRecord } from './events/record';
export { parseDelivery, readDelivery, type DeliveredEvent } from './events/parse';
export { OriginSecret, checkOrigin } from './events/origin';
export { STATUS_FIT, statusFits } from './events/statusFit';
export { verifyDelivery, markVerification, VERIFICATION_FIELD, type VerificationMarker } from './events/verify';
export { admitDeliveries, planAdmission, noticeOf, type AdmissionInput } from './events/admit';
export type { ParameterReader, PlatformLog, Notice, RetryProfile, RetryLimits, Platform } from './platform/port';
export { platformClient, VERIFICATION_LIMITS } from './platform/makeClient';
export { readTriggerSetup, type TriggerSetup, type TriggerParameter } from './triggers/setup';
export { receiveDelivery, admitReceived, takeDelivery } from './triggers/intake';
export {
  hookSignature,
  readHookRecord,
  subscribeHookRecord,
  deleteHookRecord,
  keptHookIsCurrent,
  replaceKeptHook,
  deleteKeptHook,
  type HookRecord,
  type HookTarget,
} from './triggers/hooks';
export * from './polling';
export { matchesFilters, type EventFilters } from './events/match';
export { amountsInCents } from './events/cents';
export { recentEvents, latestOrderAsEvent } from './events/recent';
export { RESOURCE_SAMPLES } from './resources/samples';
export {
  readProductPlanChoices,
  choiceText,
  choiceList,
  choiceFlag,
  subscribeInputOf,
  eventFiltersOf,
  recentOptionsOf,
} from './triggers/choices';
export { planChoices, productPlanChoices, isPurchaseKind } from './triggers/plans';
export * from './dates';
