import type { Authentication, Bundle, ZObject } from 'zapier-platform-core';
import { type ConnectionReport, testConnection as testStore } from '@commerce-service/shared';
import { zapierClient } from './platform';
import { withStoreErrors } from './errors';

/**
 * The shared connection test (`POST webhook/validate/`, the API found from the site's address, and at
 * most two more looks to tell a failure's cause); the connection label shows `store`, and `address`
 * says which address answered.
 */
export const testConnection = withStoreErrors(
  async (z: ZObject, bundle: Bundle): Promise<ConnectionReport> => await testStore(zapierClient(z, bundle)),
);

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
      helpText:
        'Advanced: leave empty, and the app finds the API from the Store URL as WordPress clients do ([REST API discovery](https://developer.wordpress.org/rest-api/using-the-rest-api/discovery/)), plain permalinks included. Fill it in only where the REST API has moved: for example `/api/sc/v1`.',
    },
  ],
  test: testConnection,
  // The store's host (and sub-folder) from the test result, so several stores can be told apart; in
  // the form Zapier documents for a field of the test result (never the key).
  connectionLabel: '{{bundle.inputData.store}}',
};

export default authentication;
