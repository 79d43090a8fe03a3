import type { Bundle, ZObject } from 'zapier-platform-core';
import { type CommerceServiceClient, createClient } from '../../shared/src';
import { zapierTransport } from './transport';

/** The connection's fields (see `authentication.ts`). */
export interface AuthData {
  storeUrl?: string;
  apiKey?: string;
  apiRoot?: string;
}

/** A client for the connected store, over `z.request`. Throws a `ConfigurationError` for unusable settings. */
export function storeClient(z: ZObject, bundle: Pick<Bundle, 'authData'>): CommerceServiceClient {
  const auth: AuthData = bundle.authData ?? {};
  return createClient({
    settings: { storeUrl: auth.storeUrl ?? '', apiKey: auth.apiKey ?? '', apiRoot: auth.apiRoot ?? '' },
    transport: zapierTransport(z),
  });
}
