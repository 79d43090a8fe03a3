import type { Authentication, Bundle, ZObject } from 'zapier-platform-core';
import { DEFAULT_API_ROOT } from '../../shared/src';
import { zapierClient } from './platform';
import { withStoreErrors } from './errors';

/** What the connection test returns; the connection label shows `store`. */
export interface ConnectedStore {
  store: string;
  storeUrl: string;
}

/** `POST webhook/validate/`: a wrong key, URL, non-store site or unreachable host each fail with their own message. */
export const testConnection = withStoreErrors(async (z: ZObject, bundle: Bundle): Promise<ConnectedStore> => {
  const client = zapierClient(z, bundle);
  await client.validateKey();
  return { store: client.store.label, storeUrl: client.store.baseUrl };
});

const authentication: Authentication = {
  type: 'custom',
  fields: [
    {
      key: 'storeUrl',
      label: 'Store URL',
      type: 'string',
      required: true,
      helpText:
        'The address of your WordPress site with Studiocart, for example `https://shop.example.com`, or `https://example.com/store` when WordPress is in a sub-folder: the **Site Address (URL)** in [WordPress Settings → General](https://wordpress.org/documentation/article/settings-general-screen/).',
    },
    {
      key: 'apiKey',
      label: 'API Key',
      type: 'password',
      required: true,
      helpText:
        "In your WordPress admin: **Studiocart → Settings** → **API Key**. Copy all of it. It is the value Studiocart's [webhook integration](https://www.studiocart.co/docs/integrations/webhook/) sends as `studiocart_secret`.",
    },
    {
      key: 'apiRoot',
      label: 'API Root (Advanced)',
      type: 'string',
      required: false,
      default: DEFAULT_API_ROOT,
      helpText: `Advanced: leave \`${DEFAULT_API_ROOT}\`. If your WordPress admin's [Settings → Permalinks](https://wordpress.org/documentation/article/settings-permalinks-screen/) is set to Plain, enter \`?rest_route=/sc/v1\`.`,
    },
  ],
  test: testConnection,
  // The store's host (and sub-folder) from the test result, so several stores can be told apart; in
  // the form Zapier documents for a field of the test result (never the key).
  connectionLabel: '{{bundle.inputData.store}}',
};

export default authentication;
