import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { architecture } from './eslint/architecture.js';

const importVisitors = (check) => ({
  ImportDeclaration: check,
  ImportExpression: check,
  ExportNamedDeclaration: check,
  ExportAllDeclaration: check,
});

/**
 * Package and feature edges (architecture.md §2, style.md): web features never import each
 * other but all share the data layer in `src/api/`; api modules never import features, shared
 * components or the app shell; web code never imports server code.
 */
const boundaries = {
  rules: {
    architecture,
    edges: {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const file = context.filename;
        const webRoot = path.resolve('apps/web/src');
        const featuresRoot = path.join(webRoot, 'features');
        const apiRoot = path.join(webRoot, 'api');
        const uiRoots = ['features', 'components', 'app'].map((dir) => path.join(webRoot, dir));
        const ownFeature = file.startsWith(featuresRoot + path.sep)
          ? path.relative(featuresRoot, file).split(path.sep)[0]
          : null;
        const check = (node) => {
          const spec = node.source?.value;
          if (typeof spec !== 'string') return;
          if (spec.startsWith('@ovation/server') || (file.startsWith(webRoot) && spec.includes('apps/server'))) {
            return context.report({ node, message: 'Web code must not import server code.' });
          }
          if (!spec.startsWith('.')) return;
          const target = path.resolve(path.dirname(file), spec);
          if (file.startsWith(webRoot) && target.startsWith(path.resolve('apps/server'))) {
            return context.report({ node, message: 'Web code must not import server code.' });
          }
          if (file.startsWith(apiRoot + path.sep)) {
            const ui = uiRoots.find((root) => target === root || target.startsWith(root + path.sep));
            if (ui) {
              return context.report({
                node,
                message: `API modules must not import '${path.relative(webRoot, ui)}/': features import the API.`,
              });
            }
          }
          if (ownFeature && target.startsWith(featuresRoot + path.sep)) {
            const targetFeature = path.relative(featuresRoot, target).split(path.sep)[0];
            if (targetFeature !== ownFeature) {
              context.report({ node, message: `Feature '${ownFeature}' must not import feature '${targetFeature}'.` });
            }
          }
        };
        return importVisitors(check);
      },
    },
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-*/**',
      'data/**',
      '.test-output/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { ovation: boundaries },
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        Buffer: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        performance: 'readonly',
        fetch: 'readonly',
      },
    },
    rules: {
      'ovation/edges': 'error',
      'ovation/architecture': ['error', { sides: ['server', 'shared'] }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config/env.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read configuration through config/env.ts only.',
        },
      ],
    },
  },
);
