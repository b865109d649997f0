import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules', 'data', 'dist', 'coverage', '.tmp', '.scratch'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  {
    // Tests read JSON answers loosely; the assertions state their shape.
    files: ['test/**', 'src/**/*.test.ts', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', 'no-console': 'off' },
  },
  {
    files: ['src/domain/**', 'src/operations/**', 'src/db/**'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['fastify', '@fastify/*', '@modelcontextprotocol/*', '**/transports/**'], message: 'The core never imports a transport (STYLE.md habit 1).' },
        ],
      }],
    },
  },
);
