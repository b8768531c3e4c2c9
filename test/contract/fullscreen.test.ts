import { describe, expect, it } from 'vitest';
import { DocumentFullscreen, type FullscreenDocument } from '../../adapters/fullscreen/document-fullscreen.ts';
import { FakeFullscreen } from '../../adapters/fullscreen/fake-fullscreen.ts';
import { fullscreenContract } from './fullscreen.contract.ts';

/** A document with the standard Fullscreen API: the change event fires before the request's promise settles. */
class ScriptedDocument implements FullscreenDocument {
  fullscreenEnabled = true;
  fullscreenElement: unknown = null;
  refusing = false;
  private readonly listeners = new Map<string, Set<() => void>>();

  addEventListener(type: string, listener: () => void): void {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener);
    this.listeners.set(type, set);
  }

  removeEventListener(type: string, listener: () => void): void {
    this.listeners.get(type)?.delete(listener);
  }

  element(): { requestFullscreen(): Promise<void> } {
    const element = {
      requestFullscreen: async () => {
        if (this.refusing) throw new TypeError('Permissions check failed');
        this.change(element);
      },
    };
    return element;
  }

  exitFullscreen = async (): Promise<void> => {
    if (this.fullscreenElement === null) throw new TypeError('Document not active');
    this.change(null);
  };

  change(element: unknown): void {
    this.fullscreenElement = element;
    for (const listener of [...(this.listeners.get('fullscreenchange') ?? [])]) listener();
  }
}

fullscreenContract('DocumentFullscreen over the Fullscreen API', () => {
  const doc = new ScriptedDocument();
  return {
    fullscreen: new DocumentFullscreen(doc),
    target: doc.element(),
    leaveByUser: () => doc.change(null),
    refuse: () => (doc.refusing = true),
  };
});

fullscreenContract('FakeFullscreen', () => {
  const fullscreen = new FakeFullscreen();
  return { fullscreen, target: {}, leaveByUser: () => fullscreen.leaveByUser(), refuse: () => fullscreen.refuse() };
});

describe('DocumentFullscreen', () => {
  it('is unsupported where elements cannot go fullscreen (iPhone Safari), and enter answers false', async () => {
    const doc = new ScriptedDocument();
    doc.fullscreenEnabled = false;
    const fullscreen = new DocumentFullscreen(doc);
    expect(fullscreen.supported()).toBe(false);
    await expect(fullscreen.enter(doc.element())).resolves.toBe(false);
  });

  it('is unsupported where elements have no request method (iPhone Safari: only the <video> goes fullscreen)', () => {
    const doc = Object.assign(new ScriptedDocument(), { documentElement: {} });
    expect(new DocumentFullscreen(doc).supported()).toBe(false);
    const android = Object.assign(new ScriptedDocument(), { documentElement: { requestFullscreen: async () => undefined } });
    expect(new DocumentFullscreen(android).supported()).toBe(true);
  });

  it('turns a phone to landscape where the orientation can be locked, and a refusal changes nothing', async () => {
    const doc = new ScriptedDocument();
    const locks: string[] = [];
    const fullscreen = new DocumentFullscreen(doc, {
      lock: async (orientation) => {
        locks.push(orientation);
        throw new Error('not supported');
      },
      unlock: () => locks.push('unlock'),
    });
    await expect(fullscreen.enter(doc.element())).resolves.toBe(true);
    await fullscreen.exit();
    expect(locks).toEqual(['landscape', 'unlock']);
  });

  it('on a phone held upright whose browser refuses the lock, leaves fullscreen again (the app turns the player by CSS)', async () => {
    const refusing = { lock: async () => Promise.reject(new Error('NotSupportedError')), unlock: () => undefined };
    const upright = new ScriptedDocument();
    await expect(new DocumentFullscreen(upright, refusing, () => true).enter(upright.element())).resolves.toBe(false);
    expect(upright.fullscreenElement).toBeNull();
    // No lock at all (no screen.orientation): the same.
    const bare = new ScriptedDocument();
    await expect(new DocumentFullscreen(bare, null, () => true).enter(bare.element())).resolves.toBe(false);
    // Turned, or not a phone held upright: fullscreen it is.
    const turning = new ScriptedDocument();
    await expect(new DocumentFullscreen(turning, { lock: async () => undefined }, () => true).enter(turning.element())).resolves.toBe(true);
    expect(turning.fullscreenElement).not.toBeNull();
    const desk = new ScriptedDocument();
    await expect(new DocumentFullscreen(desk, refusing, () => false).enter(desk.element())).resolves.toBe(true);
  });

  it('keeps a portrait picture (a short video) upright: no lock asked, fullscreen kept', async () => {
    const doc = new ScriptedDocument();
    const locks: string[] = [];
    const fullscreen = new DocumentFullscreen(doc, { lock: async (orientation) => void locks.push(orientation) }, () => true);
    const target = Object.assign(doc.element(), { querySelector: () => ({ videoWidth: 720, videoHeight: 1280 }) });
    await expect(fullscreen.enter(target)).resolves.toBe(true);
    expect(locks).toEqual([]);
    expect(doc.fullscreenElement).toBe(target);
  });

  it('uses Safari’s prefixed names where the standard ones are missing', async () => {
    let element: unknown = null;
    const listeners = new Set<() => void>();
    const doc: FullscreenDocument = {
      webkitFullscreenEnabled: true,
      get webkitFullscreenElement() {
        return element;
      },
      webkitExitFullscreen: () => {
        element = null;
        for (const listener of listeners) listener();
      },
      addEventListener: (type, listener) => type === 'webkitfullscreenchange' && listeners.add(listener),
      removeEventListener: (_type, listener) => listeners.delete(listener),
    };
    const fullscreen = new DocumentFullscreen(doc);
    const heard: boolean[] = [];
    fullscreen.onChange((active) => heard.push(active));
    const target = {
      webkitRequestFullscreen: () => {
        element = target;
        for (const listener of listeners) listener();
      },
    };
    await expect(fullscreen.enter(target)).resolves.toBe(true);
    expect(fullscreen.active()).toBe(true);
    await fullscreen.exit();
    expect(heard).toEqual([true, false]);
  });
});
