/**
 * n8n's community-packages REST API, as Settings → Community nodes uses it (n8n 2.41 and 1.x alike):
 * `POST /rest/community-packages {name, version?}` installs, `PATCH` with the same body updates,
 * `DELETE ?name=` uninstalls, `GET` lists. n8n fetches the package with npm from its registry
 * (https://registry.npmjs.org; see ../registry/npmjsProxy.ts for how a local registry stands in for it)
 * and loads its nodes as `<package name>.<node name>`.
 *
 * Failures become a CommunityPackageError that names the step and the package and says what to do,
 * built from what n8n answered (a disabled feature is a 404; unverified packages off, a licence, a
 * failed npm are n8n's own messages).
 */
import { getEditorFile, N8nRestError, rest, type RestSession } from './rest';

interface InstalledNode {
  name: string;
  /** e.g. `n8n-nodes-commerce-service.commerceService` */
  type: string;
  latestVersion: number;
}

export interface InstalledPackage {
  packageName: string;
  installedVersion: string;
  authorName?: string;
  installedNodes: InstalledNode[];
  /** GET only: a newer version the registry offers. */
  updateAvailable?: string;
  /** GET only: n8n found the package but could not load its nodes. */
  failedLoading?: boolean;
}

export type CommunityStep = 'install' | 'update' | 'uninstall' | 'list';

/** The settings that gate community packages, named in our messages (same names in n8n 1.x and 2.x). */
export const COMMUNITY_SETTINGS = {
  enabled: 'N8N_COMMUNITY_PACKAGES_ENABLED',
  unverified: 'N8N_UNVERIFIED_PACKAGES_ENABLED',
  registry: 'N8N_COMMUNITY_PACKAGES_REGISTRY',
} as const;

export class CommunityPackageError extends Error {
  constructor(
    readonly step: CommunityStep,
    readonly packageName: string,
    /** n8n's HTTP status (0: no answer). */
    readonly status: number,
    /** n8n's own message, when it gave one. */
    readonly n8nMessage: string,
    advice: string,
  ) {
    super(`n8n could not ${step} community package "${packageName}": ${advice}`);
    this.name = 'CommunityPackageError';
  }
}

const ROUTE = '/community-packages';

function n8nMessageOf(error: N8nRestError): string {
  const body = error.reply.body;
  if (body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string')
    return (body as { message: string }).message;
  return typeof body === 'string'
    ? body
        .replace(/<[^>]+>/g, ' ')
        .trim()
        .slice(0, 300)
    : '';
}

/** What to tell the user, from n8n's answer. */
function advise(session: RestSession, step: CommunityStep, status: number, message: string): string {
  if (status === 404 && !/not installed/i.test(message))
    return (
      `community packages are turned off in the n8n at ${session.url} (it has no ${ROUTE} API). ` +
      `Set ${COMMUNITY_SETTINGS.enabled}=true in n8n's environment and restart n8n.`
    );
  if (/unverified community packages is forbidden/i.test(message))
    return `${message} Set ${COMMUNITY_SETTINGS.unverified}=true in n8n's environment and restart n8n.`;
  if (/licen[cs]e|feat:communityNodes:customRegistry/i.test(message))
    return (
      `${message} (a ${COMMUNITY_SETTINGS.registry} other than https://registry.npmjs.org needs an n8n licence: ` +
      `leave it unset, or reach your registry as registry.npmjs.org through HTTPS_PROXY).`
    );
  if (/not installed/i.test(message)) return `${message} (install it first).`;
  if (/already installed/i.test(message)) return `${message} (update or uninstall it instead).`;
  if (status === 0) return `n8n at ${session.url} did not answer: ${message}`;
  const what = step === 'install' || step === 'update' ? 'the package could not be fetched or loaded' : 'n8n refused';
  return `${what} (n8n answered ${status}): ${message || 'no message'}`;
}

/** npm runs inside n8n's request: on a busy machine an install or update takes minutes. */
const NPM_TIMEOUT_MS = 300_000;

interface CommunitySettings {
  communityNodesEnabled?: boolean;
  unverifiedCommunityNodesEnabled?: boolean;
}

/**
 * What n8n says about community packages in its settings (`GET /rest/settings`, as the editor reads
 * before it shows Settings → Community nodes). Checked before an install, so a turned-off feature is
 * named at once instead of after a request to a route that is not there.
 */
async function assertCommunityPackagesOn(session: RestSession, step: CommunityStep, name: string): Promise<void> {
  let settings: CommunitySettings;
  try {
    settings = await rest<CommunitySettings>(session, 'GET', '/settings');
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new CommunityPackageError(step, name, 0, message, advise(session, step, 0, message));
  }
  if (settings.communityNodesEnabled === false)
    throw new CommunityPackageError(
      step,
      name,
      0,
      'communityNodesEnabled: false',
      `community packages are turned off in the n8n at ${session.url} (its settings say communityNodesEnabled: false). ` +
        `Set ${COMMUNITY_SETTINGS.enabled}=true in n8n's environment and restart n8n.`,
    );
}

async function call<T>(
  session: RestSession,
  step: CommunityStep,
  name: string,
  method: string,
  route: string,
  body?: unknown,
): Promise<T> {
  if (step === 'install' || step === 'update') await assertCommunityPackagesOn(session, step, name);
  try {
    return await rest<T>(session, method, route, body, { timeoutMs: NPM_TIMEOUT_MS });
  } catch (error) {
    if (error instanceof N8nRestError) {
      const message = n8nMessageOf(error);
      throw new CommunityPackageError(
        step,
        name,
        error.reply.status,
        message,
        advise(session, step, error.reply.status, message),
      );
    }
    const message = error instanceof Error ? error.message : String(error);
    throw new CommunityPackageError(step, name, 0, message, advise(session, step, 0, message));
  }
}

/** Settings → Community nodes → Install: `name` (optionally `version`) from n8n's registry. */
export function installCommunityPackage(
  session: RestSession,
  name: string,
  opts: { version?: string } = {},
): Promise<InstalledPackage> {
  const body = opts.version ? { name, version: opts.version } : { name };
  return call(session, 'install', name, 'POST', ROUTE, body);
}

/** The package's Update button: to `version`, or the newest the registry offers. */
export function updateCommunityPackage(
  session: RestSession,
  name: string,
  opts: { version?: string } = {},
): Promise<InstalledPackage> {
  const body = opts.version ? { name, version: opts.version } : { name };
  return call(session, 'update', name, 'PATCH', ROUTE, body);
}

/** The package's Uninstall. n8n does not deactivate workflows that use it: deactivate them first. */
export async function uninstallCommunityPackage(session: RestSession, name: string): Promise<void> {
  await call(session, 'uninstall', name, 'DELETE', `${ROUTE}?name=${encodeURIComponent(name)}`);
}

/** Installed packages, with `updateAvailable` when the registry has a newer version. */
export function listCommunityPackages(session: RestSession): Promise<InstalledPackage[]> {
  return call(session, 'list', '*', 'GET', ROUTE);
}

/**
 * The node types the editor can place (its node panel's list, `GET /types/nodes.json`), by name.
 * n8n rewrites this file when a package is installed, updated or uninstalled.
 */
export async function nodeTypeNames(session: RestSession): Promise<string[]> {
  const types = await getEditorFile<Array<{ name: string }>>(session, '/types/nodes.json');
  return [...new Set(types.map((t) => t.name))];
}

/** The credential types the editor offers (`GET /types/credentials.json`), by name. */
export async function credentialTypeNames(session: RestSession): Promise<string[]> {
  return (await getEditorFile<Array<{ name: string }>>(session, '/types/credentials.json')).map((t) => t.name);
}
