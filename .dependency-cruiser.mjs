// @ts-check
// dependency-cruiser (npm run cycles, part of npm test): no circle of imports anywhere, and features of the
// framework-free core stand on their own (issue 21).
import { readdirSync } from 'node:fs';

/** Folders of src/core every feature may import: the ports, the request layer, display rules and shared kernels. */
const CORE_SHARED = ['ports', 'request', 'display', 'shared-kernel'];

/**
 * Cross-feature imports of the core that are being moved (issue 21): feature → features it still imports.
 * The list only shrinks.
 */
const CORE_CROSS_FEATURE_BEING_MOVED = {
  // being moved (issue 21): the signed-in user and its session (session/user-session.ts, user.ts, session-service.ts)
  // are what most features ask for: they become the shared kernel (the login redirect already moved there).
  account: ['session'],
  ads: ['session'],
  gold: ['session'],
  messaging: ['session'],
  playback: ['catalogue', 'session'], // being moved (issue 21): the Video type of catalogue/video.ts
  shell: ['region', 'session'], // being moved (issue 21): app-start asks region-service
  upload: ['session'], // being moved (issue 21)
  'video-social': ['session'], // being moved (issue 21)
  vip: ['region', 'session', 'shell'], // being moved (issue 21): recharge-activity and vip-icon of shell, region-service
};

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
        pathNot: `^src/core/(${[feature, ...CORE_SHARED, ...(CORE_CROSS_FEATURE_BEING_MOVED[feature] ?? [])].join('|')})/`,
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
