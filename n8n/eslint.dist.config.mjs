// What n8n's package scanner runs on a published tarball: the community-nodes `recommended` rules and
// no-console on the compiled dist/**/*.js (shared client bundled in) and package.json.
import { n8nCommunityNodesPlugin } from '@n8n/eslint-plugin-community-nodes';
import tseslint from 'typescript-eslint';

export default [
	n8nCommunityNodesPlugin.configs.recommended,
	{ rules: { 'no-console': 'error' } },
	{
		files: ['**/*.json'],
		languageOptions: { parser: tseslint.parser },
	},
];
