/** The app definition: assembly only, every part lives in its own file. */
import { type Trigger, defineApp, version as platformVersion } from 'zapier-platform-core';
import packageJson from '../package.json';
import { addApiKeyHeader } from './apiKey';
import authentication from './authentication';
import findCustomer from './searches/customer';
import findOrder from './searches/order';
import findProduct from './searches/product';
import findSalesSummary from './searches/salesSummary';
import findSubscription from './searches/subscription';
import findSubscriptionOrders from './searches/subscriptionOrders';
import { STORE_THROTTLE } from './throttle';
import { EVENT_TRIGGERS } from './triggers/events';
import planList from './triggers/plans';
import productList from './triggers/products';

/** Event triggers are keyed at run time (one per catalogue event), so the record is typed by its values. */
const triggers: Readonly<Record<string, Trigger>> = {
  ...EVENT_TRIGGERS,
  [productList.key]: productList,
  [planList.key]: planList,
};

export default defineApp({
  version: packageJson.version,
  platformVersion,
  authentication,
  // The one place the key joins a header (apiKey.ts), so getAuthTemplate can tell Zapier how.
  beforeRequest: [addApiKeyHeader],
  // One limit per connected store, for every step (throttle.ts explains the size).
  throttle: { ...STORE_THROTTLE, scope: [...STORE_THROTTLE.scope] },
  triggers,
  searches: {
    [findOrder.key]: findOrder,
    [findSubscription.key]: findSubscription,
    [findCustomer.key]: findCustomer,
    [findProduct.key]: findProduct,
    [findSubscriptionOrders.key]: findSubscriptionOrders,
    [findSalesSummary.key]: findSalesSummary,
  },
});
