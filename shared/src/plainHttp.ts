/**
 * An https:// address nothing answered at (the connection refused, or cut before an answer), told by
 * one keyless `GET /` of the same site over http://: a site that answers there has no HTTPS, and the
 * fix is the Store URL's scheme. One request, made only after such a failure: by the connection test
 * (`connect.ts`) and by a read (`client.ts`), never on a store that answers.
 */
import { NetworkError, type CommerceServiceError } from './errors';
import type { IndexReader } from './restIndex';
import { contextOf } from './restIndex';
import { SITUATIONS } from './situations';

/**
 * `no-https` where the site answers over http:// (but does not send http:// back to https://, which a
 * site with HTTPS does); any other failure, or an http:// that does not answer either, is returned as is.
 */
export async function toldOverPlainHttp(
  reader: IndexReader,
  error: CommerceServiceError,
): Promise<CommerceServiceError> {
  const { baseUrl } = reader.store;
  const unanswered = error.situation === 'connection-refused' || error.situation === 'connection-reset';
  if (!unanswered || !baseUrl.startsWith('https://')) return error;
  const plain = `http://${baseUrl.slice('https://'.length)}`;
  try {
    const home = await reader.look(`${plain}/`, {}, error.operation);
    // A site that sends http:// to https:// has HTTPS: its https:// failed for another reason.
    if (home.status >= 300 && home.status < 400 && /^https:/i.test(home.headers.location ?? '')) return error;
  } catch {
    // Nothing at http:// either: the failure's own answer stands.
    return error;
  }
  const { summary, hint } = SITUATIONS['no-https'];
  return new NetworkError({ ...contextOf(error), situation: 'no-https' }, `${summary} (${plain} answers)`, hint);
}
