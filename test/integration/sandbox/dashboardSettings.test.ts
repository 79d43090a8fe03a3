/**
 * The dashboard's "Studiocart → Settings" card: the sandbox shows its key where a store's WordPress
 * admin does, so trying the connectors teaches where a real key is. Read once with the catalogue; the
 * activity the page polls never carries it.
 */
import { httpRequest } from '../support/httpClient';
import { useSandboxStore } from '../support/sandbox';

const { sandbox, store } = useSandboxStore({ size: 10, profile: 'real', apiKey: 'sc-settings-key-4821' });

describe('the Studiocart → Settings card', () => {
  it('is on the page, labeled as the store labels it, with places for the key, the store URL and the API root', async () => {
    const page = await httpRequest({ url: `${sandbox.url}/` });
    expect(page.text).toContain('<h2 id="settings-title">Studiocart → Settings</h2>');
    for (const id of ['setting-key', 'setting-url', 'setting-root', 'copy-key'])
      expect(page.text).toContain(`id="${id}"`);
    // The page itself holds no key: the script fills it in from the catalogue.
    expect(page.text).not.toContain('sc-settings-key-4821');
  });

  it("gets the store's own key from the catalogue, and never from the activity read every 2 s", async () => {
    const catalog = (await store.admin('GET', '/catalog')).json<{ settings: { apiKey: string } }>();
    expect(catalog.settings).toEqual({ apiKey: 'sc-settings-key-4821' });
    expect((await store.admin('GET', '/activity')).text).not.toContain('sc-settings-key-4821');
  });
});
