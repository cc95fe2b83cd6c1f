// ESLint runs only what Biome (biome.json) cannot: the type-aware rules of typescript-eslint and the
// stage layering rule (tools/layering.js). Everything else (format, most lint rules) is Biome's.
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';
import { layeringRule } from './tools/layering.js';

const srcDir = fileURLToPath(new URL('./src', import.meta.url));

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test/fixtures/**', 'test/golden/**', 'coverage/**', 'bench/out/**'] },
  {
    files: ['src/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts', 'vitest.config.ts'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { '@typescript-eslint': tseslint.plugin, 'warc-overlay': { rules: { layering: layeringRule } } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      'warc-overlay/layering': ['error', { srcDir }],
    },
  },
);
