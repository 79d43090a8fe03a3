/**
 * scripts/n8n/community.ts turns n8n's answers into messages that name the package, the step and what
 * to do. The answers are n8n's own (n8n 2.41's community-packages controller and service): a route
 * that is not there when community packages are off, and its BadRequest/InternalServerError messages.
 */
import nock from 'nock';
import {
  CommunityPackageError,
  installCommunityPackage,
  uninstallCommunityPackage,
  updateCommunityPackage,
} from '../../../scripts/n8n/community';
import { useNock } from '../support/nock';

useNock();

const N8N = 'http://127.0.0.1:5678';
const session = { url: N8N, cookie: 'n8n-auth=x' };
const NAME = 'n8n-nodes-commerce-service';

/** n8n's settings as GET /rest/settings answers them (the editor reads them first). */
const settings = (communityNodesEnabled: boolean) =>
  nock(N8N)
    .get('/rest/settings')
    .reply(200, { data: { communityNodesEnabled, unverifiedCommunityNodesEnabled: true } });

async function failure(promise: Promise<unknown>): Promise<CommunityPackageError> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(CommunityPackageError);
  return error as CommunityPackageError;
}

describe('community packages through n8n REST API', () => {
  it('installs with POST {name} and returns the installed package', async () => {
    const installed = { packageName: NAME, installedVersion: '1.0.0', installedNodes: [] };
    settings(true);
    nock(N8N)
      .post('/rest/community-packages', { name: NAME })
      .matchHeader('cookie', 'n8n-auth=x')
      .reply(200, { data: installed });
    await expect(installCommunityPackage(session, NAME)).resolves.toEqual(installed);
  });

  it('updates with PATCH {name, version} and uninstalls with DELETE ?name=', async () => {
    settings(true);
    nock(N8N)
      .patch('/rest/community-packages', { name: NAME, version: '1.0.1' })
      .reply(200, { data: { packageName: NAME, installedVersion: '1.0.1', installedNodes: [] } });
    nock(N8N).delete('/rest/community-packages').query({ name: NAME }).reply(200, { data: {} });
    await expect(updateCommunityPackage(session, NAME, { version: '1.0.1' })).resolves.toMatchObject({
      installedVersion: '1.0.1',
    });
    await expect(uninstallCommunityPackage(session, NAME)).resolves.toBeUndefined();
  });

  it('community packages turned off (n8n settings say so): names the setting to change, posts nothing', async () => {
    settings(false);
    const error = await failure(installCommunityPackage(session, NAME));
    expect(error.message).toBe(
      `n8n could not install community package "${NAME}": community packages are turned off in the n8n at ${N8N} ` +
        "(its settings say communityNodesEnabled: false). Set N8N_COMMUNITY_PACKAGES_ENABLED=true in n8n's environment and restart n8n.",
    );
  });

  it('community packages API missing (404): names the setting to change', async () => {
    settings(true);
    nock(N8N).post('/rest/community-packages').reply(404, 'Cannot POST /rest/community-packages');
    const error = await failure(installCommunityPackage(session, NAME));
    expect(error.message).toBe(
      `n8n could not install community package "${NAME}": community packages are turned off in the n8n at ${N8N} ` +
        "(it has no /community-packages API). Set N8N_COMMUNITY_PACKAGES_ENABLED=true in n8n's environment and restart n8n.",
    );
    expect({ step: error.step, status: error.status }).toEqual({ step: 'install', status: 404 });
  });

  it('unverified packages forbidden: names N8N_UNVERIFIED_PACKAGES_ENABLED', async () => {
    settings(true);
    nock(N8N)
      .post('/rest/community-packages')
      .reply(400, { code: 400, message: 'Installation of unverified community packages is forbidden!' });
    const error = await failure(installCommunityPackage(session, NAME));
    expect(error.message).toMatch(/is forbidden! Set N8N_UNVERIFIED_PACKAGES_ENABLED=true in n8n's environment/);
  });

  it('a failed download or load keeps n8n message, with the package and the step', async () => {
    const message = `Error loading package "${NAME}" :Failed to execute npm command`;
    settings(true);
    nock(N8N).post('/rest/community-packages').reply(500, { code: 500, message });
    const error = await failure(installCommunityPackage(session, NAME));
    expect(error.message).toBe(
      `n8n could not install community package "${NAME}": the package could not be fetched or loaded (n8n answered 500): ${message}`,
    );
    expect(error.n8nMessage).toBe(message);
  });

  it('updating a package that is not installed says to install it first', async () => {
    settings(true);
    nock(N8N).patch('/rest/community-packages').reply(400, { code: 400, message: 'Package is not installed' });
    const error = await failure(updateCommunityPackage(session, NAME));
    expect(error.message).toMatch(
      /could not update community package .*: Package is not installed \(install it first\)\./,
    );
  });

  it('n8n not answering is said so, with its URL', async () => {
    settings(true);
    nock(N8N).post('/rest/community-packages').replyWithError('connect ECONNREFUSED 127.0.0.1:5678');
    const error = await failure(installCommunityPackage(session, NAME));
    expect(error.message).toMatch(new RegExp(`n8n at ${N8N} did not answer: .*ECONNREFUSED`));
    expect(error.status).toBe(0);
  });
});
