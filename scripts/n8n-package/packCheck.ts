/**
 * Proves the published package works on its own: `npm pack`, install the tarball with n8n-workflow
 * into an empty directory outside the workspace, then, in a separate Node process there, require every
 * node and credential file package.json names and instantiate its class, as n8n's loader does.
 * Also: the MIT LICENSE is in the tarball and names the package's author, and every documentation link
 * n8n's editor shows (each credential's documentationUrl, each codex file's documentation) lands on a
 * heading of the packed README, on the package's npm page. Run after `npm run build`.
 *
 *   tsx scripts/n8n-package/packCheck.ts [package folder]   (default n8n/; the release tree is another)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix, resolve } from 'node:path';

import { licenseProblems } from '../release/license';
import { headingAnchors, relativeTargets } from './readme';

const root = process.argv[2] ? resolve(process.argv[2]) : join(__dirname, '../../n8n');
const N8N_WORKFLOW = process.env.N8N_WORKFLOW_VERSION ?? '2.41.0';

interface PackEntry {
  filename: string;
  files: { path: string }[];
}

/** Every step ends within 5 minutes: an npm that hangs (seen once on a loaded machine) fails the check instead of the run. */
const STEP_TIMEOUT_MS = 5 * 60_000;

function run(command: string, args: string[], cwd: string): string {
  return execFileSync(command, args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: STEP_TIMEOUT_MS,
    killSignal: 'SIGKILL',
  });
}

/** Runs inside the install directory: loads each registered file the way n8n does and checks it. */
const LOADER = String.raw`
const { existsSync, readFileSync } = require('node:fs');
const { basename, dirname, join } = require('node:path');
const pkgDir = join(process.cwd(), 'node_modules', 'n8n-nodes-commerce-service');
const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
const problems = [];
const check = (ok, what) => { if (!ok) problems.push(what); };
check(!pkg.dependencies || Object.keys(pkg.dependencies).length === 0, 'package.json has runtime dependencies');
check(JSON.stringify(pkg.peerDependencies) === '{"n8n-workflow":"*"}', 'peerDependencies is not {"n8n-workflow":"*"}');
// The modules a file needs, following its relative requires (a per-file build, such as tsc's) inside the
// package; a relative require that leaves the package counts as a module of its own.
function requiredModules(file, seen) {
	if (seen.has(file)) return [];
	seen.add(file);
	const source = readFileSync(file, 'utf8');
	return [...source.matchAll(/require\(["']([^"']+)["']\)/g)].flatMap(([, name]) => {
		if (!name.startsWith('.')) return [name];
		const target = require.resolve(join(dirname(file), name));
		return target.startsWith(pkgDir + '/') ? requiredModules(target, seen) : [name];
	});
}
const credentialNames = [];
const loaded = [];
// The credentials' documentation links, as n8n reads them from the instances; the main process checks them.
const documentation = [];
for (const [kind, paths] of [['credentials', pkg.n8n.credentials], ['nodes', pkg.n8n.nodes]]) {
	for (const path of paths) {
		const file = join(pkgDir, path);
		check(existsSync(file), path + ' does not exist');
		const requires = requiredModules(file, new Set());
		// n8n-workflow is the instance's own; node:crypto is the one built-in n8n Cloud allows community nodes
		// (its community-node lint, rule no-restricted-imports). Anything else would be a runtime dependency.
		const allowed = ['n8n-workflow', 'crypto', 'node:crypto'];
		check(requires.every((name) => allowed.includes(name)), path + ' requires ' + requires.join(', '));
		const className = basename(path).split('.')[0];
		const Class = require(file)[className];
		check(typeof Class === 'function', path + ' does not export class ' + className);
		const instance = new Class();
		const description = kind === 'nodes' ? instance.description : instance;
		const icon = description.icon;
		for (const variant of [icon.light, icon.dark]) {
			check(existsSync(join(dirname(file), variant.replace('file:', ''))), path + ' icon ' + variant + ' missing');
		}
		if (kind === 'credentials') {
			credentialNames.push(instance.name);
			documentation.push({ where: path + ' documentationUrl', url: instance.documentationUrl });
		}
		if (kind === 'nodes') {
			for (const { name } of description.credentials ?? []) check(credentialNames.includes(name), path + ' uses unknown credential ' + name);
			check(existsSync(file.replace(/\.js$/, '.json')), path + ' has no codex file');
			check(Array.isArray(description.properties) && description.properties.length > 0, path + ' has no properties');
		}
		loaded.push(kind + ': ' + (kind === 'nodes' ? description.name : instance.name) + ' (' + path + ')');
	}
}
console.log(loaded.join('\n'));
require('node:fs').writeFileSync('documentation.json', JSON.stringify(documentation));

// Run every node once on canned answers, so the bundled shared client is exercised, not just loaded.
async function exercise() {
	const nodeFile = (name) => join(pkgDir, pkg.n8n.nodes.find((path) => path.includes('/' + name + '.node.js')));
	const { CommerceService } = require(nodeFile('CommerceService'));
	const { CommerceServiceTrigger } = require(nodeFile('CommerceServiceTrigger'));
	const sent = [];
	const params = { resource: 'order', operation: 'get', orderId: '1042' };
	const context = {
		getInputData: () => [{ json: {} }],
		getNodeParameter: (name, _i, fallback) => (name in params ? params[name] : fallback),
		getNode: () => ({ name: 'Commerce Service', type: 'commerceService', typeVersion: 1, parameters: {} }),
		getCredentials: async () => ({ storeUrl: 'shop.example.com', apiKey: 'key', apiRoot: '/wp-json/sc/v1' }),
		continueOnFail: () => false,
		helpers: {
			httpRequest: async (options) => {
				sent.push(options);
				return { statusCode: 200, headers: {}, body: '{"id":"1042","order_amount":"49"}' };
			},
			returnJsonArray: (data) => (Array.isArray(data) ? data : [data]).map((json) => ({ json })),
			constructExecutionMetaData: (data, { itemData }) => data.map((item) => ({ ...item, pairedItem: itemData })),
		},
	};
	const [[item]] = await new CommerceService().execute.call(context);
	check(item && item.json.id === 1042 && item.json.order_amount === 49, 'execute did not return the normalised order');
	check(sent[0] && sent[0].url === 'https://shop.example.com/wp-json/sc/v1/orders/1042', 'execute called ' + (sent[0] && sent[0].url));
	// The webhook trigger verifies the delivery with the store (its default): one read of order 7.
	const storeAnswers = (answer) => ({
		...context.helpers,
		httpRequest: async (options) => {
			sent.push(options);
			return { statusCode: 200, headers: {}, body: JSON.stringify(answer(options)) };
		},
	});
	const order7 = { id: 7, customer_email: 'a@example.com', product_id: 87, status: 'paid', order_amount: 1050 };
	const triggerParams = { event: 'purchased', productId: '', planIds: [] };
	const hookState = {};
	const answered = [];
	let query = {};
	const hook = {
		getNodeParameter: (name, fallback) => triggerParams[name] ?? fallback,
		getNodeWebhookUrl: () => 'https://n8n.example.com/webhook/abc/webhook',
		getWorkflowStaticData: () => hookState,
		getWorkflow: () => ({ id: 'wf' }),
		getQueryData: () => query,
		getResponseObject: () => ({ writeHead: (status) => answered.push(status), end: () => undefined }),
		getBodyData: () => ({ trigger: 'purchased', id: '7', order_amount: '10.50', customer_email: 'a@example.com', product_id: '87' }),
		getRequestObject: () => ({}),
		getNode: () => ({ ...context.getNode(), id: 'node' }),
		getCredentials: context.getCredentials,
		logger: { info: () => undefined, warn: () => undefined },
		helpers: storeAnswers((options) => (String(options.url).includes('webhook/subscribe') ? { id: 5 } : order7)),
	};
	// Activation subscribes the store to the webhook URL with the hook's secret in its query string.
	const trigger = new CommerceServiceTrigger();
	await trigger.webhookMethods.default.create.call(hook);
	const secret = /hook_secret=([\w-]+)/.exec(JSON.stringify(sent[sent.length - 1]))?.[1];
	check(secret, 'subscribe gave the store no hook secret: ' + JSON.stringify(sent[sent.length - 1]));
	// webhook() refuses a delivery without the secret (401, nothing started, no store read)...
	const sentBefore = sent.length;
	const forged = await trigger.webhook.call(hook);
	check(forged.noWebhookResponse && !forged.workflowData && answered[0] === 401, 'webhook took a delivery without its secret');
	// ...and hands a genuine one on for n8n to answer and store; execute() verifies it in the execution.
	query = { hook_secret: secret };
	const response = await trigger.webhook.call(hook);
	check(JSON.stringify(response.webhookResponse) === '{"received":1}', 'webhook answered ' + JSON.stringify(response.webhookResponse));
	check(sent.length === sentBefore && response.workflowData, 'webhook read the store before n8n answered, or started nothing');
	const execution = {
		...hook,
		getNodeParameter: (name, _i, fallback) => triggerParams[name] ?? fallback,
		getInputData: () => JSON.parse(JSON.stringify(response.workflowData[0])),
	};
	const [[started]] = await new CommerceServiceTrigger().execute.call(execution);
	const emitted = started && started.json;
	check(emitted && emitted.id === 7 && emitted.order_amount === 10.5, 'the trigger did not emit the delivered event');
	check(emitted && emitted.verification && emitted.verification.status === 'verified', 'the trigger did not verify the delivery');
	check(
		sent.some((options) => options.url === 'https://shop.example.com/wp-json/sc/v1/orders/7'),
		'verification read ' + sent.map((options) => options.url).join(', '),
	);

	// The polling trigger: a manual test returns the newest matching order; a first real poll emits
	// nothing and keeps its state in static data.
	const { CommerceServicePollingTrigger } = require(nodeFile('CommerceServicePollingTrigger'));
	const staticData = {};
	const poller = (mode) => ({
		...hook,
		getNodeParameter: (name, fallback) => ({ event: 'purchased', productId: '', planIds: [] })[name] ?? fallback,
		getMode: () => mode,
		getWorkflowStaticData: () => staticData,
		helpers: storeAnswers(() => [order7]),
	});
	const [[latest]] = await new CommerceServicePollingTrigger().poll.call(poller('manual'));
	check(latest && latest.json.id === 7 && latest.json.trigger === 'purchased', 'manual poll did not return the newest order');
	check(Object.keys(staticData).length === 0, 'a manual poll changed the static data');
	const first = await new CommerceServicePollingTrigger().poll.call(poller('trigger'));
	check(first === null, 'the first poll emitted events');
	check(staticData.pollState && staticData.pollState.resources.orders.cursor === 7, 'the first poll kept no state');
	console.log('ran: CommerceService execute (Order: Get), CommerceServiceTrigger subscribe, webhook (forged: 401; genuine) and execute (verified), CommerceServicePollingTrigger poll (manual, first)');
}

exercise().catch((error) => problems.push('exercise failed: ' + error.message)).finally(() => {
if (problems.length) {
	console.error(problems.join('\n'));
	process.exit(1);
}
});
`;

/**
 * The README npm shows: every relative link or image must point at a file the tarball holds (npm's
 * page and n8n's documentation link have nothing else). Returns the problems, none when it is self-contained.
 */
export function readmeProblems(readme: string, packed: readonly string[]): string[] {
  return relativeTargets(readme)
    .map((target) => ({ target, path: posix.normalize(target.split('#')[0] ?? '') }))
    .filter(({ path }) => path.startsWith('..') || posix.isAbsolute(path) || !packed.includes(path))
    .map(({ target }) => `the packed README links ${target}, which is not in the package`);
}

/** A link n8n's editor shows, and where it comes from (a file of the package, and which setting). */
export interface DocumentationLink {
  where: string;
  url: string;
}

/** The documentation links of a codex file (X.node.json): `resources.credentialDocumentation`, `primaryDocumentation` and the like. */
export function codexLinks(codex: unknown, file: string): DocumentationLink[] {
  const resources = (codex as { resources?: Record<string, unknown> } | null)?.resources ?? {};
  return Object.entries(resources).flatMap(([kind, entries]) =>
    (Array.isArray(entries) ? entries : []).map((entry: { url?: unknown }) => ({
      where: `${file} ${kind}`,
      url: String(entry?.url),
    })),
  );
}

/**
 * Each documentation link must open the package's npm page (`https://www.npmjs.com/package/<name>`),
 * which shows the packed README, and its `#anchor`, if any, must be one of that README's headings.
 * Returns the problems, none when every link lands.
 */
export function documentationLinkProblems(
  links: readonly DocumentationLink[],
  packedReadme: string,
  packageName: string,
): string[] {
  const page = `https://www.npmjs.com/package/${packageName}`;
  const anchors = new Set(headingAnchors(packedReadme));
  return links.flatMap(({ where, url }) => {
    const [address = '', anchor = ''] = url.split('#');
    if (address.replace(/\/+$/, '') !== page) {
      return [
        `${where} links ${url}, which is not the package's npm page (${page}): the editor's links must open the README it shows`,
      ];
    }
    if (anchor !== '' && !anchors.has(decodeURIComponent(anchor))) {
      return [
        `${where} links #${anchor}, which is no heading of the packed README (its anchors: ${[...anchors].join(', ')})`,
      ];
    }
    return [];
  });
}

function main(): void {
  const workDir = mkdtempSync(join(tmpdir(), 'n8n-pack-check-'));
  const repositoryReadme = readFileSync(join(root, 'README.md'), 'utf8');
  try {
    const [pack] = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', workDir], root)) as PackEntry[];
    if (!pack) throw new Error('npm pack produced nothing');
    const packed = pack.files.map((file) => file.path).sort();
    console.log(`Packed ${pack.filename}: ${packed.length} files\n  ${packed.join('\n  ')}`);
    const outside = packed.filter(
      (path) => path !== 'package.json' && !/^(dist\/|README|LICENSE|CHANGELOG\.md$)/i.test(path),
    );
    if (outside.length) throw new Error(`the tarball holds files outside dist/: ${outside.join(', ')}`);
    // What changed ships with the package, for users reading it on npm or in node_modules.
    if (!packed.includes('CHANGELOG.md')) throw new Error('the tarball has no CHANGELOG.md');
    // The MIT licence asks that its notice go with every copy.
    if (!packed.includes('LICENSE')) throw new Error('the tarball has no LICENSE');
    run(
      'tar',
      ['-xzf', join(workDir, pack.filename), '-C', workDir, 'package/LICENSE', 'package/package.json'],
      workDir,
    );
    const packedManifest = JSON.parse(readFileSync(join(workDir, 'package', 'package.json'), 'utf8')) as {
      name: string;
      author?: unknown;
    };
    const license = readFileSync(join(workDir, 'package', 'LICENSE'), 'utf8');
    const licenseFindings = licenseProblems(license, packedManifest, 'the packed LICENSE');
    if (licenseFindings.length) throw new Error(licenseFindings.join('\n'));
    console.log(`Packed LICENSE: MIT, ${license.split('\n')[2]}`);

    // prepack rewrote the README's links (scripts/n8n-package/readme.ts); postpack must have put ours back.
    run('tar', ['-xzf', join(workDir, pack.filename), '-C', workDir, 'package/README.md'], workDir);
    const packedReadme = readFileSync(join(workDir, 'package', 'README.md'), 'utf8');
    const problems = readmeProblems(packedReadme, packed);
    if (problems.length) throw new Error(problems.join('\n'));
    if (readFileSync(join(root, 'README.md'), 'utf8') !== repositoryReadme)
      throw new Error('README.md was not restored after npm pack (postpack)');
    const absolute = [...packedReadme.matchAll(/\]\((https?:[^)\s]+)/g)].length;
    console.log(`Packed README: no relative link leaves the package; ${absolute} absolute links`);

    const installDir = join(workDir, 'install');
    run('mkdir', ['-p', installDir], workDir);
    writeFileSync(join(installDir, 'package.json'), JSON.stringify({ name: 'pack-check', private: true }));
    run(
      'npm',
      [
        'install',
        '--no-audit',
        '--no-fund',
        '--prefer-offline', // n8n-workflow and its dependencies from npm's cache when it has them
        '--omit=dev',
        join(workDir, pack.filename),
        `n8n-workflow@${N8N_WORKFLOW}`,
      ],
      installDir,
    );
    const installed = JSON.parse(readFileSync(join(installDir, 'package.json'), 'utf8')) as {
      dependencies: object;
    };
    console.log(`Installed into ${installDir}: ${Object.keys(installed.dependencies).join(', ')}`);

    writeFileSync(join(installDir, 'load.js'), LOADER);
    console.log(run(process.execPath, ['load.js'], installDir).trim());

    // The links n8n's editor shows, from the built files as installed, against the packed README.
    const installedDir = join(installDir, 'node_modules', packedManifest.name);
    const links = [
      ...(JSON.parse(readFileSync(join(installDir, 'documentation.json'), 'utf8')) as DocumentationLink[]),
      ...packed
        .filter((path) => path.endsWith('.node.json'))
        .flatMap((path) => codexLinks(JSON.parse(readFileSync(join(installedDir, path), 'utf8')), path)),
    ];
    const linkProblems = documentationLinkProblems(links, packedReadme, packedManifest.name);
    if (linkProblems.length) throw new Error(linkProblems.join('\n'));
    console.log(`Documentation links: ${links.length}, each on a heading of the packed README`);
    console.log('Pack check passed: the tarball installs and loads on its own.');
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  try {
    main();
  } catch (error) {
    const failure = error as { message?: string; stdout?: string; stderr?: string };
    console.error(failure.stdout ?? '', failure.stderr ?? '', failure.message ?? error);
    process.exitCode = 1;
  }
}
