/** The packed README (scripts/n8n-package/readme.ts) and pack-check's test of it: absolute links from `repository`, nothing relative left. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { readmeProblems } from '../../../scripts/n8n-package/packCheck';
import { packedReadme, relativeTargets, repositoryRoot } from '../../../scripts/n8n-package/readme';

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
