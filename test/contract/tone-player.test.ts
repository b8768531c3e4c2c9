import { describe, expect, it } from 'vitest';
import { FakeTonePlayer } from '../../adapters/tone/fake-tone-player.ts';
import { WebAudioTonePlayer, type AudioScope } from '../../adapters/tone/web-audio-tone-player.ts';
import { tonePlayerContract } from './tone-player.contract.ts';

/** A stand-in for the browser's AudioContext that records oscillator starts. */
function recordingScope(): { scope: AudioScope; starts: () => number; contexts: () => number } {
  let starts = 0;
  let contexts = 0;
  const node = () => ({ connect: () => undefined });
  class StubContext {
    state = 'running';
    currentTime = 0;
    destination = {};
    constructor() {
      contexts += 1;
    }
    resume() {
      return Promise.resolve();
    }
    createGain() {
      return { ...node(), gain: { value: 1 } };
    }
    createOscillator() {
      return { ...node(), type: 'sine', frequency: { value: 0 }, start: () => (starts += 1), stop: () => undefined };
    }
  }
  return { scope: { AudioContext: StubContext as unknown as new () => AudioContext }, starts: () => starts, contexts: () => contexts };
}

tonePlayerContract('WebAudioTonePlayer', () => {
  const { scope, starts } = recordingScope();
  return { player: new WebAudioTonePlayer(scope), played: starts };
});
tonePlayerContract('FakeTonePlayer', () => {
  const player = new FakeTonePlayer();
  return { player, played: () => player.plays };
});

describe('WebAudioTonePlayer', () => {
  it('creates its audio context once, on the first play', () => {
    const { scope, contexts } = recordingScope();
    const player = new WebAudioTonePlayer(scope);
    expect(contexts()).toBe(0);
    player.play();
    player.play();
    expect(contexts()).toBe(1);
  });

  it('plays nothing, silently, without Web Audio or when it is blocked', () => {
    expect(() => new WebAudioTonePlayer({}).play()).not.toThrow();
    const throwing = {
      AudioContext: class {
        constructor() {
          throw new Error('NotAllowedError');
        }
      } as unknown as new () => AudioContext,
    };
    expect(() => new WebAudioTonePlayer(throwing).play()).not.toThrow();
  });
});
