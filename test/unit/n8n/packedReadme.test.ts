/**
 * The packed README (scripts/n8n-package/readme.ts) and pack-check's tests of it: absolute links from
 * `repository`, nothing relative left, and every documentation link n8n's editor shows on one of its headings.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

import { CommerceServiceApi } from '../../../n8n/credentials/CommerceServiceApi.credentials';
import {
	codexLinks,
	documentationLinkProblems,
	readmeProblems,
} from '../../../scripts/n8n-package/packCheck';
import {
	headingAnchors,
	packedReadme,
	relativeTargets,
	repositoryRoot,
} from '../../../scripts/n8n-package/readme';

const N8N = join(__dirname, '../../../n8n');
const PACKAGE = 'n8n-nodes-commerce-service';
const PAGE = `https://www.npmjs.com/package/${PACKAGE}`;

const REPOSITORY = {
	repository: {
		type: 'git',
		url: 'git+https://git.example.org/acme/connectors.git',
		directory: 'n8n',
	},
};

describe('the packed README', () => {
	it('takes the web address and folder from package.json repository, in its usual spellings', () => {
		expect(repositoryRoot(REPOSITORY, 'n8n')).toEqual({
			web: 'https://git.example.org/acme/connectors',
			directory: 'n8n',
		});
		expect(
			repositoryRoot({ repository: 'git@git.example.org:acme/connectors.git' }, 'pkg'),
		).toEqual({
			web: 'https://git.example.org/acme/connectors',
			directory: 'pkg',
		});
		expect(() => repositoryRoot({}, 'n8n')).toThrow(
			/package.json has no usable repository.url \(none\)/,
		);
	});

	it('makes images raw files and other links pages of the repository; absolute links and anchors stay', () => {
		const root = repositoryRoot(REPOSITORY, 'n8n');
		const source = [
			'![Panel](../docs/images/panel.png)',
			'See [verification](../docs/verification.md#results) and [the examples](examples/).',
			'[npm](https://www.npmjs.com/) [up](#installation) [file](examples/a.json "A file")',
		].join('\n');
		expect(packedReadme(source, root)).toBe(
			[
				'![Panel](https://git.example.org/acme/connectors/raw/HEAD/docs/images/panel.png)',
				'See [verification](https://git.example.org/acme/connectors/blob/HEAD/docs/verification.md#results) and [the examples](https://git.example.org/acme/connectors/tree/HEAD/n8n/examples/).',
				'[npm](https://www.npmjs.com/) [up](#installation) [file](https://git.example.org/acme/connectors/blob/HEAD/n8n/examples/a.json "A file")',
			].join('\n'),
		);
		expect(() => packedReadme('[x](../../outside.md)', root)).toThrow(/leaves the repository/);
	});

	it("the repository's n8n README, packed, has no relative link left (pack-check's rule passes)", () => {
		const readme = readFileSync(join(__dirname, '../../../n8n/README.md'), 'utf8');
		expect(relativeTargets(readme).length).toBeGreaterThan(0);
		const packed = packedReadme(readme, repositoryRoot(REPOSITORY, 'n8n'));
		expect(relativeTargets(packed)).toEqual([]);
		expect(readmeProblems(packed, ['README.md', 'package.json'])).toEqual([]);
	});

	it('pack-check fails a README whose links leave the package or name a file it does not hold', () => {
		const packed = ['README.md', 'package.json', 'dist/icons/commerceService.svg'];
		expect(
			readmeProblems(
				'![a](../docs/images/a.png) ![b](dist/icons/commerceService.svg) <img src="docs/c.png"> [d](#top)',
				packed,
			),
		).toEqual([
			'the packed README links ../docs/images/a.png, which is not in the package',
			'the packed README links docs/c.png, which is not in the package',
		]);
	});
});

describe('the documentation links of the n8n editor', () => {
	it('take the anchors GitHub and npm give headings: markup dropped, punctuation removed, repeats numbered, code blocks skipped', () => {
		const readme = [
			'# n8n-nodes-commerce-service',
			'## n8n 3.0: unverified packages',
			'## Testing a trigger',
			'### The `Amounts in Cents` option',
			'## [Credentials](#credentials) **and** the API Key',
			'```sh',
			'# not a heading',
			'```',
			'Usage',
			'=====',
			'## Usage',
		].join('\n');
		expect(headingAnchors(readme)).toEqual([
			'n8n-nodes-commerce-service',
			'n8n-30-unverified-packages',
			'testing-a-trigger',
			'the-amounts-in-cents-option',
			'credentials-and-the-api-key',
			'usage',
			'usage-1',
		]);
	});

	it("fails a link to a heading the README lacks, or to another page than the package's npm page", () => {
		const readme = '# Title\n## Credentials\n## Usage\n';
		expect(
			documentationLinkProblems(
				[
					{ where: 'a', url: `${PAGE}#credentials` },
					{ where: 'b', url: PAGE },
					{ where: 'c', url: `${PAGE}#credential` },
					{ where: 'd', url: 'https://github.com/acme/connectors#usage' },
				],
				readme,
				PACKAGE,
			),
		).toEqual([
			'c links #credential, which is no heading of the packed README (its anchors: title, credentials, usage)',
			`d links https://github.com/acme/connectors#usage, which is not the package's npm page (${PAGE}): the editor's links must open the README it shows`,
		]);
	});

	it("reads every link of a codex file's resources", () => {
		expect(
			codexLinks(
				{
					resources: {
						credentialDocumentation: [{ url: `${PAGE}#a` }],
						primaryDocumentation: [{ url: `${PAGE}#b` }, { url: `${PAGE}#c` }],
					},
				},
				'X.node.json',
			),
		).toEqual([
			{ where: 'X.node.json credentialDocumentation', url: `${PAGE}#a` },
			{ where: 'X.node.json primaryDocumentation', url: `${PAGE}#b` },
			{ where: 'X.node.json primaryDocumentation', url: `${PAGE}#c` },
		]);
	});

	it("the repository's credential and codex files link headings of its packed README (pack-check's rule passes)", () => {
		const nodes = readdirSync(join(N8N, 'nodes'))
			.map((name) => `nodes/${name}/${name}.node.json`)
			.filter((file) => existsSync(join(N8N, file)));
		expect(nodes).toHaveLength(3);
		const links = [
			{ where: 'credentials documentationUrl', url: new CommerceServiceApi().documentationUrl },
			...nodes.flatMap((file) =>
				codexLinks(JSON.parse(readFileSync(join(N8N, file), 'utf8')), file),
			),
		];
		expect(links).toHaveLength(7);
		const packed = packedReadme(
			readFileSync(join(N8N, 'README.md'), 'utf8'),
			repositoryRoot(REPOSITORY, 'n8n'),
		);
		expect(documentationLinkProblems(links, packed, PACKAGE)).toEqual([]);
	});
});
