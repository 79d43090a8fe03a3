/** The shared Commerce Service client: everything both adapters need, nothing platform-specific. */
export * from './config';
export * from './errors';
export * from './client';
export * from './paginate';
export * from './http/transport';
export * from './http/redact';
export {
  type RetryOptions,
  type Sleep,
  DEFAULT_MAX_ATTEMPTS,
  DEFAULT_MAX_RETRY_AFTER_MS,
  isRetriedOperation,
} from './http/retry';
export { findCustomerByEmail, sameEmail, type FindByEmailOptions, type CustomerSource } from './reads/customerByEmail';
export {
  OPERATIONS,
  ORDERBY_VALUES,
  ORDER_VALUES,
  MAX_PER_PAGE,
  type OperationKey,
  type OperationSpec,
} from './operations/catalogue';
export * from './resources/types';
export { FIELDS, type FieldDescription } from './resources/labels';
export { simplifyRecord, type SimplifiedResource } from './resources/simplify';
export {
  EVENTS,
  eventKind,
  PURCHASE_KINDS,
  PURCHASE_KIND_LABELS,
  type PurchaseKind,
  type EventKey,
  type EventKind,
  type EventNoun,
} from './events/catalogue';
export type { EventRecord } from './events/record';
export { parseDelivery, readDelivery, type DeliveredEvent } from './events/parse';
export { ORIGIN_SECRET_FIELD, OriginSecret, checkOrigin, type OriginCheck } from './events/origin';
export { STATUS_FIT, statusFitOf, statusFits, type StatusFit, type RecordKind } from './events/statusFit';
export {
  verifyDelivery,
  markVerification,
  verifiedItem,
  VERIFICATION_FIELD,
  SECRET_MISMATCH_MESSAGE,
  type Verification,
  type VerificationMarker,
  type VerifiedEvent,
  type ForgeryReason,
  type UnverifiedReason,
} from './events/verify';
export {
  admitDeliveries,
  noticeOf,
  takesStore,
  type Admission,
  type AdmissionInput,
  type AdmissionNotice,
} from './events/admit';
export type { ParameterReader, PlatformLog, TriggerState, RetryProfile, RetryLimits, Platform } from './platform/port';
export { platformClient, limitsFor, retryOptionsOf, VERIFICATION_LIMITS } from './platform/client';
export { readTriggerSetup, unknownEventError, type TriggerSetup, type TriggerParameter } from './triggers/setup';
export {
  receiveDelivery,
  admitReceived,
  takeDelivery,
  type ReceivedDelivery,
  type AdmitContext,
} from './triggers/intake';
export {
  hookSignature,
  readHookRecord,
  subscribeHook,
  removeHook,
  keptHookIsCurrent,
  replaceKeptHook,
  dropKeptHook,
  type HookRecord,
  type HookTarget,
} from './triggers/hooks';
export * from './polling';
export { matchesFilters, type EventFilters } from './events/match';
export { amountsInCents } from './events/cents';
export { recentEvents, latestOrderAsEvent, type RecentOptions } from './events/recent';
export { RESOURCE_SAMPLES } from './resources/samples';
export {
  readTriggerChoices,
  choiceText,
  choiceList,
  choiceFlag,
  subscribeInputOf,
  eventFiltersOf,
  recentOptionsOf,
  type RawTriggerChoices,
  type TriggerChoices,
  type HookSource,
} from './triggers/choices';
export {
  planChoices,
  productPlanChoices,
  isPurchaseKind,
  type PlanChoiceOptions,
  type ClientSource,
} from './triggers/plans';
export * from './dates';
export {
  AMOUNT_UNIT_FIELD,
  SENT_SUFFIX,
  sentKey,
  handOnAmounts,
  withAmountsAsSent,
  type MoneyUnit,
  type AmountUnitMarker,
  type AmountsReading,
} from './resources/money';
export { readRestAmountUnit, type UnitProbe } from './reads/restAmountUnit';
