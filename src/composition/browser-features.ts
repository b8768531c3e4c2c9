import type { Container } from 'inversify';
import { BrowserClipboard } from '../../adapters/clipboard/browser-clipboard.ts';
import { SocketIoSocket } from '../../adapters/socket/socket-io-socket.ts';
import { WebAudioTonePlayer } from '../../adapters/tone/web-audio-tone-player.ts';
import { Clipboard } from '../core/ports/clipboard.ts';
import { Socket } from '../core/ports/socket.ts';
import { TonePlayer } from '../core/ports/tone-player.ts';
import { ConnectionNetworkType, type NetworkConnection } from '../../adapters/network-type/connection-network-type.ts';
import { DocumentFullscreen } from '../../adapters/fullscreen/document-fullscreen.ts';
import { DocumentPictureInPicture } from '../../adapters/picture-in-picture/document-picture-in-picture.ts';
import { PictureInPicture } from '../core/ports/picture-in-picture.ts';
import type { MediaElement } from '../../adapters/media-player/html-media-player.ts';
import { NetworkType } from '../core/ports/network-type.ts';
import { Fullscreen } from '../core/ports/fullscreen.ts';
import { MediaPlayerFactory } from '../core/ports/media-player.ts';
import { BrowserLocalFiles } from '../../adapters/local-files/browser-local-files.ts';
import { BrowserGeolocation } from '../../adapters/geolocation/browser-geolocation.ts';
import { LocalFiles, PickedFiles } from '../core/ports/local-files.ts';
import { Geolocation } from '../core/ports/geolocation.ts';
import { ApiOrigin } from './api-origin.ts';
import { bindFeatures } from './feature-bindings.ts';

/**
 * What the browser binds with the first screen other than home (one chunk, lazy-features.ts): the adapters only
 * those features use (socket, clipboard, tones, network type, fullscreen, media, picked files, location), then the
 * features' core. Idempotent.
 */
export function bindBrowserFeatures(container: Container): void {
  if (!container.isBound(Socket)) {
    container.bind<Clipboard>(Clipboard).toDynamicValue(() => new BrowserClipboard(window)).inSingletonScope();
    container.bind<Socket>(Socket).toDynamicValue((ctx) => new SocketIoSocket({ url: ctx.get<string>(ApiOrigin) })).inSingletonScope();
    container.bind<TonePlayer>(TonePlayer).toDynamicValue(() => new WebAudioTonePlayer(window)).inSingletonScope();
    container.bind<NetworkType>(NetworkType).toDynamicValue(() => new ConnectionNetworkType(window.navigator as { connection?: NetworkConnection })).inSingletonScope();
    container
      .bind<Fullscreen>(Fullscreen)
      .toDynamicValue(() => new DocumentFullscreen(document, window.screen?.orientation ?? null, () => window.matchMedia?.('(orientation: portrait) and (pointer: coarse)').matches === true))
      .inSingletonScope();
    container
      .bind<PictureInPicture>(PictureInPicture)
      .toDynamicValue(() => new DocumentPictureInPicture(document, 'webkitSupportsPresentationMode' in HTMLVideoElement.prototype))
      .inSingletonScope();
    container
      .bind<MediaPlayerFactory>(MediaPlayerFactory)
      .toConstantValue(async (element) => new (await import('../../adapters/media-player/html-media-player.ts')).HtmlMediaPlayer(element as MediaElement));
    // One instance: the posting screens adopt picked files (PickedFiles), the core reads them (LocalFiles).
    container.bind(BrowserLocalFiles).toDynamicValue(() => new BrowserLocalFiles()).inSingletonScope();
    container.bind<LocalFiles>(LocalFiles).toService(BrowserLocalFiles);
    container.bind<PickedFiles>(PickedFiles).toService(BrowserLocalFiles);
    container.bind<Geolocation>(Geolocation).toDynamicValue(() => new BrowserGeolocation(window.navigator.geolocation)).inSingletonScope();
  }
  bindFeatures(container);
}
