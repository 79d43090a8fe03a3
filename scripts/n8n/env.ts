/** Environment for every n8n process we run (server and CLI): local-only, quiet, offline, reproducible. */
import * as path from 'path';
import { childEnv, type Log } from '../toolchain';
import type { N8nInstall } from './install';

/** What n8n needs to find our data: the same folder and key for CLI commands and the server. */
export interface N8nHome {
  install: N8nInstall;
  /** n8n keeps its SQLite database, config and key in `<userFolder>/.n8n`. */
  userFolder: string;
  /** Dir with a community package's compiled nodes (N8N_CUSTOM_EXTENSIONS); nodes are typed `CUSTOM.<name>`. */
  customExtensions?: string;
  /**
   * Let n8n install community packages (Settings → Community nodes; ./community.ts): turns on
   * N8N_COMMUNITY_PACKAGES_ENABLED and N8N_UNVERIFIED_PACKAGES_ENABLED. Off by default: then n8n
   * neither installs packages nor looks up n8n's community-node catalogue (nothing to reach offline).
   * Where it fetches packages from is `env` (a local registry's `n8nEnv`, ../registry/registry.ts).
   */
  communityPackages?: boolean;
  /** Extra env, applied last. */
  env?: Record<string, string>;
  /** Receives n8n's output lines; silent by default (output is still kept for error messages). */
  log?: Log;
}

// Fixed so credentials imported by one process decrypt in the next (and across restarts).
const ENCRYPTION_KEY = 'commerce-service-local-n8n-key-not-secret';

// Settings a developer's shell might carry that would change what our n8n does. NODE_ENV=test (set
// by jest) makes n8n's logger silent, hiding the lines the CLI helpers check for.
const INHERITED =
  /^(N8N_|DB_|EXECUTIONS_|QUEUE_|WEBHOOK_URL$|GENERIC_TIMEZONE$|NODE_ENV$|NODE_OPTIONS$|NODE_FUNCTION_ALLOW_)/;

export function n8nEnv(home: N8nHome, extra: Record<string, string>): NodeJS.ProcessEnv {
  const base = Object.fromEntries(
    Object.entries(childEnv(path.dirname(home.install.nodeBin))).filter(([key]) => !INHERITED.test(key)),
  );
  return {
    ...base,
    N8N_USER_FOLDER: home.userFolder,
    N8N_ENCRYPTION_KEY: ENCRYPTION_KEY,
    N8N_LISTEN_ADDRESS: '127.0.0.1',
    N8N_HOST: '127.0.0.1',
    N8N_PROTOCOL: 'http',
    N8N_SECURE_COOKIE: 'false', // plain http on 127.0.0.1
    // Offline and quiet: no telemetry, update checks, template or MCP registry lookups, banners.
    N8N_DIAGNOSTICS_ENABLED: 'false',
    N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
    N8N_TEMPLATES_ENABLED: 'false',
    N8N_PERSONALIZATION_ENABLED: 'false',
    N8N_HIRING_BANNER_ENABLED: 'false',
    // Off unless asked for: the nodes panel would look up n8n's community-node catalogue, and the
    // package usually loads from N8N_CUSTOM_EXTENSIONS. On: installs as a self-hoster's n8n does.
    ...(home.communityPackages
      ? { N8N_COMMUNITY_PACKAGES_ENABLED: 'true', N8N_UNVERIFIED_PACKAGES_ENABLED: 'true' }
      : { N8N_COMMUNITY_PACKAGES_ENABLED: 'false' }),
    // 2.x only: 1.x does not know this module and refuses to start when it is named.
    ...(home.install.version.startsWith('1.') ? {} : { N8N_DISABLED_MODULES: 'mcp-registry' }),
    N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'true',
    GENERIC_TIMEZONE: 'UTC',
    N8N_GRACEFUL_SHUTDOWN_TIMEOUT: '10',
    ...(home.customExtensions ? { N8N_CUSTOM_EXTENSIONS: path.resolve(home.customExtensions) } : {}),
    ...extra,
    ...home.env,
  };
}

// One free-port finder for every harness (scripts/services/).
export { freePort } from '../services/ports';
