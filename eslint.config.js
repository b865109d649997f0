import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * Type-checked lint. The layering the code keeps (docs/ARCHITECTURE.md) is enforced here:
 * the core never imports a transport; domain code never imports the operation catalogue nor the
 * composition root's Services/Config. Import cycles are found by dpdm (`npm run check`).
 */
const transports = {
  group: ['fastify', '@fastify/*', '@modelcontextprotocol/*', '**/transports/**'],
  message: 'The core never imports a transport (docs/ARCHITECTURE.md).',
};

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'data',
      'dist',
      // The build writes dist.next-<pid> and swaps it in (scripts/build.mjs): never lint a half-written build.
      'dist.*',
      'coverage',
      '.tmp',
      '.scratch',
      'test-results',
      'console/dist',
      'clients/**/dist',
      'clients/typescript/src/schema.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  {
    // The console is a browser app: React's rules of hooks; it reaches the API only through the client.
    files: ['console/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/src/**', '../../../src/*'], message: 'The console talks to the service only through @tenantbase/client.' },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Tests read JSON answers loosely; the assertions state their shape.
    files: ['test/**', 'src/**/*.test.ts', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', 'no-console': 'off' },
  },
  {
    files: ['src/operations/**', 'src/db/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [transports] }] },
  },
  {
    files: ['src/domain/**'],
    ignores: ['src/domain/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            transports,
            {
              group: ['**/operations/**'],
              message: 'Domain code never imports the operation catalogue: operations call the domain, not the reverse.',
            },
            {
              group: ['**/services.js', '**/config.js', '**/start.js', '**/main.js'],
              message: 'Domain functions take the narrow collaborators they use, not Services or Config.',
            },
          ],
        },
      ],
    },
  },
);
