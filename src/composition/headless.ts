import 'reflect-metadata';
import { Container } from 'inversify';
import { FakeClipboard } from '../../adapters/clipboard/fake-clipboard.ts';
import { FakeClock } from '../../adapters/clock/fake-clock.ts';
import { FakeHttp } from '../../adapters/http/fake-http.ts';
import { installFakeLoginApi } from '../../adapters/http/fake-login-api.ts';
import { MemoryNavigator } from '../../adapters/navigator/memory-navigator.ts';
import { FakeNativeBridge } from '../../adapters/native-bridge/fake-native-bridge.ts';
import { FakeNotifier } from '../../adapters/notifier/fake-notifier.ts';
import { FakePageTranslator } from '../../adapters/page-translator/fake-page-translator.ts';
import { FakePageVisibility } from '../../adapters/page-visibility/fake-page-visibility.ts';
import { SequenceRandom } from '../../adapters/random/sequence-random.ts';
import { MemoryKeyValueStore } from '../../adapters/storage/memory-key-value-store.ts';
import { FakeSocket } from '../../adapters/socket/fake-socket.ts';
import { VisitorBarrageSocket } from '../core/playback/barrage-live-room.ts';
import { FakeTonePlayer } from '../../adapters/tone/fake-tone-player.ts';
import { FakeNetworkType } from '../../adapters/network-type/fake-network-type.ts';
import { FakeFullscreen } from '../../adapters/fullscreen/fake-fullscreen.ts';
import { FakePictureInPicture } from '../../adapters/picture-in-picture/fake-picture-in-picture.ts';
import { FakeMediaPlayer } from '../../adapters/media-player/fake-media-player.ts';
import { MemoryLocalFiles } from '../../adapters/local-files/memory-local-files.ts';
import { FakeGeolocation } from '../../adapters/geolocation/fake-geolocation.ts';
import { FakePlaceSearch } from '../../adapters/place-search/fake-place-search.ts';
import { LocalFiles, PickedFiles } from '../core/ports/local-files.ts';
import { Geolocation } from '../core/ports/geolocation.ts';
import { PlaceSearch } from '../core/ports/place-search.ts';
import { NetworkType } from '../core/ports/network-type.ts';
import { Fullscreen } from '../core/ports/fullscreen.ts';
import { PictureInPicture } from '../core/ports/picture-in-picture.ts';
import { MediaPlayerFactory } from '../core/ports/media-player.ts';
import { Clipboard } from '../core/ports/clipboard.ts';
import { Clock } from '../core/ports/clock.ts';
import { Http } from '../core/ports/http.ts';
import { CookieStore, LocalStore, SessionStore, type KeyValueStore } from '../core/ports/key-value-store.ts';
import { NativeBridge } from '../core/ports/native-bridge.ts';
import { Navigator } from '../core/ports/navigator.ts';
import { Notifier } from '../core/ports/notifier.ts';
import { PageVisibility } from '../core/ports/page-visibility.ts';
import { PageTranslator } from '../core/ports/page-translator.ts';
import { Random } from '../core/ports/random.ts';
import { Socket } from '../core/ports/socket.ts';
import { TonePlayer } from '../core/ports/tone-player.ts';
import { ApiOrigin } from './api-origin.ts';
import { FrameOrigins } from './frame-origins.ts';
import { LoadFeatures } from './lazy-features.ts';
import { bindCore } from './core-bindings.ts';
import { bindPlayFeatures } from './play-feature-bindings.ts';
import { bindPosts } from './posts-bindings.ts';
import { bindUpload } from './upload-bindings.ts';
import { bindStartScreens } from './start-screen-bindings.ts';

/** The fakes a headless core runs on, kept so a script or test can look at and steer them. */
export interface HeadlessWorld {
  http: FakeHttp;
  clock: FakeClock;
  local: MemoryKeyValueStore;
  session: MemoryKeyValueStore;
  cookies: MemoryKeyValueStore;
  notifier: FakeNotifier;
  navigator: MemoryNavigator;
  clipboard: FakeClipboard;
  nativeBridge: FakeNativeBridge;
  visibility: FakePageVisibility;
  translator: FakePageTranslator;
  random: SequenceRandom;
  socket: FakeSocket;
  tone: FakeTonePlayer;
  network: FakeNetworkType;
  fullscreen: FakeFullscreen;
  pictureInPicture: FakePictureInPicture;
  /** The players made for media elements, newest last. */
  players: FakeMediaPlayer[];
  /** Picked files (add one, then hand it to the post draft). */
  files: MemoryLocalFiles;
  geolocation: FakeGeolocation;
  /** The place search (bound instead of the configured Google/server choice). */
  places: FakePlaceSearch;
}

/**
 * Builds the core on fakes only, for Node: no browser, no server. The fake HTTP transport answers the
 * login calls from memory unless `withFakeApi` is false (then route it yourself, or give `http`).
 */
export function createHeadlessCore(options: { http?: FakeHttp; withFakeApi?: boolean; path?: string } = {}): {
  container: Container;
  world: HeadlessWorld;
} {
  const clock = new FakeClock();
  const http = options.http ?? new FakeHttp({ clock });
  if (!options.http && options.withFakeApi !== false) installFakeLoginApi(http);
  const world: HeadlessWorld = {
    http,
    clock,
    local: new MemoryKeyValueStore(),
    session: new MemoryKeyValueStore(),
    cookies: new MemoryKeyValueStore(),
    notifier: new FakeNotifier(),
    navigator: new MemoryNavigator(options.path ?? '/'),
    clipboard: new FakeClipboard(),
    nativeBridge: new FakeNativeBridge(),
    visibility: new FakePageVisibility(),
    translator: new FakePageTranslator(),
    random: new SequenceRandom(),
    socket: new FakeSocket(),
    tone: new FakeTonePlayer(),
    network: new FakeNetworkType(),
    fullscreen: new FakeFullscreen(),
    pictureInPicture: new FakePictureInPicture(),
    players: [],
    files: new MemoryLocalFiles(),
    geolocation: new FakeGeolocation(),
    places: new FakePlaceSearch(),
  };
  const container = new Container();
  container.bind<Clock>(Clock).toConstantValue(world.clock);
  container.bind<Http>(Http).toConstantValue(world.http);
  container.bind<KeyValueStore>(LocalStore).toConstantValue(world.local);
  container.bind<KeyValueStore>(SessionStore).toConstantValue(world.session);
  container.bind<KeyValueStore>(CookieStore).toConstantValue(world.cookies);
  container.bind<Notifier>(Notifier).toConstantValue(world.notifier);
  container.bind<Navigator>(Navigator).toConstantValue(world.navigator);
  container.bind<Clipboard>(Clipboard).toConstantValue(world.clipboard);
  container.bind<NativeBridge>(NativeBridge).toConstantValue(world.nativeBridge);
  container.bind<PageVisibility>(PageVisibility).toConstantValue(world.visibility);
  container.bind<PageTranslator>(PageTranslator).toConstantValue(world.translator);
  container.bind<Random>(Random).toConstantValue(world.random);
  container.bind<Socket>(Socket).toConstantValue(world.socket);
  container.bind<Socket>(VisitorBarrageSocket).toConstantValue(new FakeSocket());
  container.bind<TonePlayer>(TonePlayer).toConstantValue(world.tone);
  container.bind<NetworkType>(NetworkType).toConstantValue(world.network);
  container.bind<Fullscreen>(Fullscreen).toConstantValue(world.fullscreen);
  container.bind<PictureInPicture>(PictureInPicture).toConstantValue(world.pictureInPicture);
  container.bind<MediaPlayerFactory>(MediaPlayerFactory).toConstantValue(async () => {
    const player = new FakeMediaPlayer();
    world.players.push(player);
    return player;
  });
  container.bind<LocalFiles>(LocalFiles).toConstantValue(world.files);
  container.bind<PickedFiles>(PickedFiles).toConstantValue(world.files);
  container.bind<Geolocation>(Geolocation).toConstantValue(world.geolocation);
  container.bind<PlaceSearch>(PlaceSearch).toConstantValue(world.places);
  container.bind<string>(ApiOrigin).toConstantValue('');
  container.bind<readonly string[]>(FrameOrigins).toConstantValue([]);
  bindCore(container);
  // The view-models of what shows at start (bindUi binds them in the browser).
  bindStartScreens(container);
  // Everything is bound already: the screens' feature loads resolve at once.
  container.bind<LoadFeatures>(LoadFeatures).toConstantValue(() => Promise.resolve());
  bindPlayFeatures(container);
  bindUpload(container);
  bindPosts(container);
  return { container, world };
}
