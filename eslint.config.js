// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/** What the framework-free core may not import: frameworks, adapters, UI, composition, server. */
export const coreForbiddenImports = {
  paths: [
    'react', 'react-dom', 'react-router-dom', 'axios', 'socket.io-client', 'inversify',
    'antd-mobile', 'mobx', 'mobx-react-lite', 'reflect-metadata', 'msw', 'fastify', 'pg',
  ].map((name) => ({ name, message: 'src/core is framework-free: reach the world through a port in src/core/ports.' })),
  patterns: [
    { group: ['react/*', 'react-dom/*', 'axios/*', 'socket.io-client/*', 'antd-mobile/*', 'mobx/*', 'inversify/*', 'node:*'], message: 'src/core is framework-free: reach the world through a port in src/core/ports.' },
    { group: ['**/adapters/**', '**/ui/**', '**/composition/**', '**/server/**'], message: 'src/core imports only itself.' },
  ],
};

const coreGlobalMessage = 'src/core must not touch browser or timer globals: use a port (Clock, KeyValueStore, Navigator, ...).';

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'data/**', '.tmp/**', 'test/fixtures/**', 'demo-media/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        window: 'readonly', document: 'readonly', console: 'readonly', process: 'readonly',
        setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly',
        localStorage: 'readonly', sessionStorage: 'readonly', navigator: 'readonly', location: 'readonly',
        URL: 'readonly', URLSearchParams: 'readonly', AbortController: 'readonly', fetch: 'readonly',
        Buffer: 'readonly', crypto: 'readonly', performance: 'readonly', TextEncoder: 'readonly',
        HTMLElement: 'readonly', Event: 'readonly', KeyboardEvent: 'readonly', structuredClone: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['src/ui/**/*.tsx', 'src/ui/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Screens ask for their view-models by token (useViewModel(Token), bound in src/composition); they neither build
    // one nor reach the container (issue 21).
    files: ['src/ui/**/*.tsx'],
    // container-context.tsx is where useViewModel and ScreenScope reach the container for every screen.
    ignores: ['src/ui/app/container-context.tsx'],
    rules: {
      'no-restricted-syntax': ['error',
        { selector: "NewExpression[callee.name=/ViewModel$/]", message: 'A screen asks for its view-model by token: useViewModel(Token), bound by the composition root.' },
        { selector: "CallExpression[callee.name='useViewModel'] > :function", message: 'A screen asks for its view-model by token: useViewModel(Token), bound by the composition root.' },
        { selector: "CallExpression[callee.name='useContainer']", message: 'A screen does not reach the container: its view-model gets what it needs from the composition root.' },
      ],
    },
  },
  {
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', coreForbiddenImports],
      'no-restricted-globals': ['error',
        ...['window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'location', 'history',
          'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'requestAnimationFrame',
          'fetch', 'XMLHttpRequest', 'WebSocket', 'crypto', 'process', 'performance', 'globalThis', 'self']
          .map((name) => ({ name, message: coreGlobalMessage })),
      ],
      'no-restricted-syntax': ['error',
        { selector: "NewExpression[callee.name='Date']", message: 'src/core reads time through the Clock port, never new Date().' },
        { selector: "MemberExpression[object.name='Date'][property.name='now']", message: 'src/core reads time through the Clock port, never Date.now().' },
        { selector: "MemberExpression[object.name='Math'][property.name='random']", message: 'src/core takes randomness from the Random port.' },
      ],
    },
  },
  {
    // No focused or skipped test slips into a commit (issue 21). A suite that needs a service the machine may lack
    // runs on a condition naming it: describe.runIf(REDIS_URL !== undefined) / skipIf(DATABASE_URL === undefined).
    files: ['test/**/*.ts', 'test/**/*.tsx', 'bench/**/*.ts'],
    rules: {
      'no-restricted-syntax': ['error',
        { selector: "MemberExpression[property.name=/^(only|skip|todo)$/][object.name=/^(it|test|describe|suite|bench)$/]", message: 'No .only, .skip or .todo in tests: a suite needing an absent service uses skipIf/runIf on DATABASE_URL or REDIS_URL.' },
        { selector: "MemberExpression[property.name=/^(only|skip|todo)$/][object.type='MemberExpression'][object.object.name=/^(it|test|describe|suite|bench)$/]", message: 'No .only, .skip or .todo in tests: a suite needing an absent service uses skipIf/runIf on DATABASE_URL or REDIS_URL.' },
        { selector: "CallExpression[callee.property.name=/^(skipIf|runIf)$/]:not(:has(Identifier[name=/^(DATABASE_URL|REDIS_URL)$/]))", message: 'skipIf/runIf only for a suite that needs a service the machine may lack: its condition names DATABASE_URL or REDIS_URL.' },
        { selector: "CallExpression[callee.object.name=/^(context|ctx|t)$/][callee.property.name='skip']", message: 'No skipping from inside a test: a suite needing an absent service uses skipIf/runIf on DATABASE_URL or REDIS_URL.' },
      ],
    },
  },
);
