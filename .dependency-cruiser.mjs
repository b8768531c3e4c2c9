// @ts-check
// dependency-cruiser (npm run cycles, part of npm test): no circle of imports anywhere, and features of the
// framework-free core stand on their own (issue 21).
import { readdirSync } from 'node:fs';

/** Folders of src/core every feature may import: the ports, the request layer, display rules and shared kernels. */
const CORE_SHARED = ['ports', 'request', 'display', 'shared-kernel'];

const coreFeatures = readdirSync(new URL('./src/core/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !CORE_SHARED.includes(entry.name))
  .map((entry) => entry.name);

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A module that reaches itself through its imports: move the shared piece into a module both import.',
      from: {},
      to: { circular: true },
    },
    ...coreFeatures.map((feature) => ({
      name: `core-${feature}-stands-alone`,
      severity: /** @type {const} */ ('error'),
      comment: `src/core/${feature} imports only itself, ${CORE_SHARED.join(', ')}: put what features share in a shared kernel.`,
      from: { path: `^src/core/${feature}/` },
      to: {
        path: '^src/core/',
        pathNot: `^src/core/(${[feature, ...CORE_SHARED].join('|')})/`,
      },
    })),
  ],
  options: {
    doNotFollow: { path: ['node_modules'] },
    exclude: { path: ['^node_modules/', '^dist/', '^demo-media/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
