// @ts-check
// dependency-cruiser (npm run cycles, part of npm test): no circle of imports anywhere, features of the
// framework-free core stand on their own (issue 21), and so do the features of the UI and of the server (issue 32),
// but for the edges of the allow lists below, which only shrink (test/unit/architecture/feature-walls.test.ts fails
// on an entry no import needs any more).
import { readdirSync } from 'node:fs';

/** Folders of src/core every feature may import: the ports, the request layer, display rules and shared kernels. */
const CORE_SHARED = ['ports', 'request', 'display', 'shared-kernel'];

/** The shared UI kit: components, list views, the player's slot contract, every UI feature may import it. */
const UI_KIT = ['common'];
/**
 * The app shell: the container context, view-model tokens, route table and brand (app), and the frame around the pages
 * (shell: page stack, tab bar, mini-player slot). Every UI feature may import it; it composes the features.
 */
const UI_SHELL = ['app', 'shell'];

/**
 * The server's shared layers, every server feature may import them: the HTTP layer, the database port, sessions and
 * passwords (auth), the socket server, the shared-read cache, rate limits, the verification codes and the audit log
 * (every console change writes its row); and the root
 * modules `app-services.ts`, `clock.ts`, `config.ts`. Entry points import anything: `app.ts`, `main.ts`,
 * `startup-checks.ts` and the admin command line (`admin/`).
 */
const SERVER_SHARED = ['http', 'db', 'auth', 'socket', 'cache', 'rate-limit', 'verification', 'audit'];
const SERVER_SHARED_FILES = ['app-services.ts', 'clock.ts', 'config.ts'];
const SERVER_ENTRIES = ['admin'];

/**
 * What the server takes from the core: the wire (protocol modules), the rules the app and the server apply alike
 * (`*-rules.ts`, display rules, the shared kernel) and these modules of shared rules.
 */
const CORE_FOR_SERVER = [
  'request/protocol.ts',
  'playback/barrage-config.ts',
  'playback/barrage-regex.ts',
  'playback/barrage-style.ts',
  'vip-redeem/redeem-code.ts',
  'request/answer-values.ts',
  'download/download-info.ts',
  'catalogue/first-screen.ts',
  'region/subdivisions.ts',
  'ports/place-search.ts',
  'ports/geolocation.ts',
];

/**
 * Today's imports of one feature into another (`from → to`, folder names): each is a wall still to build. Remove an
 * entry once no import needs it; add none.
 */
export const UI_ALLOWED = [
  'account → user',
  'account-security → messaging',
  'catalogue → not-found',
  'catalogue → posting',
  'catalogue → social',
  'focus → catalogue',
  'focus → posting',
  'help → messaging',
  'home → account',
  'home → catalogue',
  'movie-requests → playback',
  'playback → barrage',
  'playback → catalogue',
  'playback → gold',
  'playback → video-social',
  'playback → votes',
  'posting → votes',
  'user → messaging',
  'video-social → social',
  'vip → vip-redeem',
];

/** The same for the server: feature → feature, and a shared layer → a feature. */
export const SERVER_ALLOWED = [
  'account → gold',
  'account → login',
  'account → media',
  'account → user',
  'account-security → captcha',
  'account-security → region',
  'ads → media',
  'auth → user',
  'barrage → interactions',
  'barrage → media',
  'barrage → user',
  'catalogue → media',
  'db → media',
  'focus → catalogue',
  'focus → posts',
  'gold → catalogue',
  'help → media',
  'invitation → gold',
  'login → account-security',
  'login → captcha',
  'login → user',
  'messaging → interactions',
  'messaging → media',
  'messaging → user',
  'playback → catalogue',
  'playback → gold',
  'posts → interactions',
  'posts → media',
  'posts → playback',
  'posts → social',
  'posts → upload',
  'qr-login → account-security',
  'qr-login → user',
  'shell → user',
  'transcode → upload',
  'social → messaging',
  'social → user',
  'socket → messaging',
  'socket → qr-login',
  'tasks → account',
  'tasks → gold',
  'tasks → user',
  'upload → media',
  'upload → playback',
  'video-social → barrage',
  'video-social → catalogue',
  'video-social → interactions',
  'video-social → user',
  'vip → messaging',
  'vip → region',
  'vip → shell',
  'vip → user',
  'vip-redeem → vip',
  'votes → posts',
];

/** Folder names under a directory. */
function folders(/** @type {string} */ directory) {
  return readdirSync(new URL(directory, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

const escape = (/** @type {string} */ text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Allowed targets of `from` in an allow list. */
function allowedFrom(/** @type {readonly string[]} */ allowed, /** @type {string} */ from) {
  return allowed.map((edge) => edge.split(' → ')).filter(([source]) => source === from).map(([, target]) => /** @type {string} */ (target));
}

const coreFeatures = folders('./src/core/').filter((name) => !CORE_SHARED.includes(name));
export const uiFeatures = folders('./src/ui/').filter((name) => ![...UI_KIT, ...UI_SHELL].includes(name));
export const serverFeatures = folders('./server/').filter((name) => ![...SERVER_SHARED, ...SERVER_ENTRIES].includes(name));

/**
 * The walls around the UI and server features, given the allow lists (the test proves a wall fires by taking an
 * entry away).
 * @param {{ ui: readonly string[], server: readonly string[] }} allowed
 * @returns {import('dependency-cruiser').IForbiddenRuleType[]}
 */
export function featureWalls(allowed) {
  const serverShared = `${SERVER_SHARED.map((name) => `${name}/`).join('|')}|(${SERVER_SHARED_FILES.map(escape).join('|')})$`;
  return [
    ...uiFeatures.map((feature) => ({
      name: `ui-${feature}-stands-alone`,
      severity: /** @type {const} */ ('error'),
      comment: `src/ui/${feature} imports only itself, the UI kit (${UI_KIT.join(', ')}) and the app shell (${UI_SHELL.join(', ')}): put what features share in the kit, or let the shell compose them.`,
      from: { path: `^src/ui/${feature}/` },
      to: { path: '^src/ui/', pathNot: `^src/ui/(${[feature, ...UI_KIT, ...UI_SHELL, ...allowedFrom(allowed.ui, feature)].join('|')})/` },
    })),
    ...UI_KIT.map((kit) => ({
      name: `ui-${kit}-knows-no-feature`,
      severity: /** @type {const} */ ('error'),
      comment: `src/ui/${kit} (the UI kit) imports only itself and the app shell.`,
      from: { path: `^src/ui/${kit}/` },
      to: { path: '^src/ui/', pathNot: `^src/ui/(${[...UI_KIT, ...UI_SHELL, ...allowedFrom(allowed.ui, kit)].join('|')})/` },
    })),
    ...[...serverFeatures, ...SERVER_SHARED].map((name) => {
      const own = SERVER_SHARED.includes(name) ? 'the shared layers' : 'itself, the shared layers';
      const extra = allowedFrom(allowed.server, name).map((target) => `${target}/`);
      return {
        name: `server-${name}-stands-alone`,
        severity: /** @type {const} */ ('error'),
        comment: `server/${name} imports only ${own} (${SERVER_SHARED.join(', ')}, ${SERVER_SHARED_FILES.join(', ')}): a feature that needs another's data asks the other's repository through a shared layer, or the shell (app.ts) composes them.`,
        from: { path: `^server/${name}/` },
        to: { path: '^server/', pathNot: `^server/(${[`${name}/`, serverShared, ...extra].join('|')})` },
      };
    }),
    {
      name: 'server-takes-only-wire-and-rules-from-the-core',
      severity: 'error',
      comment: 'The server imports of src/ only the protocol modules, the texts modules and the rules it shares with the app (CORE_FOR_SERVER).',
      from: { path: '^server/' },
      to: {
        path: '^(src|adapters)/',
        pathNot: `^src/core/(.+-protocol\\.ts|.+-rules\\.ts|.+-texts\\.ts|shared-kernel/.+|display/.+|${CORE_FOR_SERVER.map(escape).join('|')})$`,
      },
    },
  ];
}

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
    ...featureWalls({ ui: UI_ALLOWED, server: SERVER_ALLOWED }),
  ],
  options: {
    doNotFollow: { path: ['node_modules'] },
    exclude: { path: ['^node_modules/', '^dist/', '^demo-media/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
