// typescript-eslint over the product and tooling code; n8n/ has its own (stricter, n8n's community-node
// rules) config in n8n/eslint.config.mjs. Formatting is Prettier's job, so no stylistic rules here.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/build/**', 'n8n/**', 'coverage/**', '.cache/**'] },
  {
    files: ['shared/**/*.ts', 'zapier/**/*.ts', 'sandbox/**/*.ts', 'scripts/**/*.ts'],
    extends: [js.configs.recommended, tseslint.configs.strict],
    rules: {
      // A rest destructuring names what a copy goes without: those names are the point, not unused.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    // The shared client runs inside both platforms: it may not write to the console.
    files: ['shared/**/*.ts', 'zapier/src/**/*.ts'],
    rules: { 'no-console': 'error' },
  },
);
