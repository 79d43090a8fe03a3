// The lint `n8n-node lint` runs in strict mode (package.json n8n.strict), without @n8n/node-cli
// (not installable here): the community-nodes plugin's `recommended` (n8n Cloud) rules on the node
// and credential sources and package.json, TypeScript's recommended rules, and no console output.
import { n8nCommunityNodesPlugin } from '@n8n/eslint-plugin-community-nodes';
import tseslint from 'typescript-eslint';

export default tseslint.config(
	{ ignores: ['dist/**', 'node_modules/**', 'scripts/**', '*.config.mjs'] },
	{
		files: ['**/*.ts'],
		extends: [tseslint.configs.recommended],
	},
	n8nCommunityNodesPlugin.configs.recommended,
	{
		files: ['package.json'],
		languageOptions: {
			parser: tseslint.parser,
			parserOptions: { extraFileExtensions: ['.json'] },
		},
	},
	{ rules: { 'no-console': 'error' } },
);
