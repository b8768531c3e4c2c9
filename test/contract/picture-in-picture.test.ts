import { describe, expect, it } from 'vitest';
import { DocumentPictureInPicture, type PictureInPictureDocument } from '../../adapters/picture-in-picture/document-picture-in-picture.ts';
import { FakePictureInPicture } from '../../adapters/picture-in-picture/fake-picture-in-picture.ts';
import { pictureInPictureContract } from './picture-in-picture.contract.ts';

/** A document with the standard Picture-in-Picture API: the events fire before the request's promise settles. */
class ScriptedDocument implements PictureInPictureDocument {
  pictureInPictureEnabled = true;
  pictureInPictureElement: unknown = null;
  refusing = false;
  private readonly listeners = new Map<string, Set<(event: unknown) => void>>();

  addEventListener(type: string, listener: (event: unknown) => void): void {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener);
    this.listeners.set(type, set);
  }

  removeEventListener(type: string, listener: (event: unknown) => void): void {
    this.listeners.get(type)?.delete(listener);
  }

  video(): { requestPictureInPicture(): Promise<unknown> } {
    const video = {
      requestPictureInPicture: async () => {
        if (this.refusing) throw new DOMException('Must be handling a user gesture', 'NotAllowedError');
        this.change(video);
        return {};
      },
    };
    return video;
  }

  exitPictureInPicture = async (): Promise<void> => {
    if (this.pictureInPictureElement === null) throw new DOMException('No picture-in-picture element', 'InvalidStateError');
    this.change(null);
  };

  change(element: unknown): void {
    this.pictureInPictureElement = element;
    const type = element === null ? 'leavepictureinpicture' : 'enterpictureinpicture';
    for (const listener of [...(this.listeners.get(type) ?? [])]) listener({});
  }
}

pictureInPictureContract('DocumentPictureInPicture over the Picture-in-Picture API', () => {
  const doc = new ScriptedDocument();
  return { pip: new DocumentPictureInPicture(doc), target: doc.video(), closeByUser: () => doc.change(null), refuse: () => (doc.refusing = true) };
});

pictureInPictureContract('FakePictureInPicture', () => {
  const pip = new FakePictureInPicture();
  return { pip, target: {}, closeByUser: () => pip.closeByUser(), refuse: () => pip.refuse() };
});

describe('DocumentPictureInPicture', () => {
  it('is not offered where the browser has no picture-in-picture, and enter answers false', async () => {
    const doc = new ScriptedDocument();
    doc.pictureInPictureEnabled = false;
    const pip = new DocumentPictureInPicture(doc);
    expect(pip.supported()).toBe(false);
    await expect(pip.enter(doc.video())).resolves.toBe(false);
  });

  it('uses Safari’s presentation mode where only that is offered', async () => {
    const doc = new ScriptedDocument();
    doc.pictureInPictureEnabled = false;
    const pip = new DocumentPictureInPicture(doc, true);
    const video = {
      webkitPresentationMode: 'inline',
      webkitSupportsPresentationMode: (mode: string) => mode === 'picture-in-picture',
      webkitSetPresentationMode(mode: string) {
        this.webkitPresentationMode = mode;
      },
    };
    expect(pip.supported()).toBe(true);
    await expect(pip.enter(video)).resolves.toBe(true);
    expect(pip.active()).toBe(true);
    await pip.exit();
    expect(video.webkitPresentationMode).toBe('inline');
    expect(pip.active()).toBe(false);
  });
});
