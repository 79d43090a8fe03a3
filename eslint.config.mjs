// typescript-eslint over the product and tooling code; n8n/ has its own (stricter, n8n's community-node
// rules) config in n8n/eslint.config.mjs. Formatting is Prettier's job, so no stylistic rules here.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { n8nCommunityNodesPlugin } from '@n8n/eslint-plugin-community-nodes';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/build/**', 'n8n/**', 'coverage/**', '.cache/**'] },
  {
    files: ['shared/**/*.ts', 'zapier/**/*.ts', 'sandbox/**/*.ts', 'scripts/**/*.ts'],
    extends: [js.configs.recommended, tseslint.configs.strict],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    // The shared client runs inside both platforms: it may not write to the console.
    files: ['shared/**/*.ts', 'zapier/src/**/*.ts'],
    rules: { 'no-console': 'error' },
  },
  {
    // The n8n package's own repository lints shared/ with n8n's default config, which asks every catch
    // to throw NodeApiError. Shared code throws the typed store errors the adapters map; the same rule
    // here makes each exception a targeted disable with its reason, seen by both lints.
    files: ['shared/**/*.ts'],
    plugins: { '@n8n/community-nodes': n8nCommunityNodesPlugin },
    rules: { '@n8n/community-nodes/require-node-api-error': 'error' },
  },
);
