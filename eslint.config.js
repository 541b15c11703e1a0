// Type-aware linting on top of typescript-eslint's recommended set: type-only imports, no needless
// conditions, no unused names, no forgotten promises.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules', 'data', 'coverage', 'dist'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unnecessary-condition': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-floating-promises': 'error',
    },
  },
  { files: ['*.js'], ...tseslint.configs.disableTypeChecked },
  // Worker threads written as plain JavaScript (src/bot/discord/picture-worker.mjs) sit outside the TS project.
  { files: ['**/*.mjs'], ...tseslint.configs.disableTypeChecked },
);
