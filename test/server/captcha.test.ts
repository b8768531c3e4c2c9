import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CAPTCHA_GLYPHS, captchaDataUrl, randomCaptchaAnswer, renderCaptchaSvg } from '../../server/captcha/captcha-image.ts';
import { CaptchaStore } from '../../server/captcha/captcha-repository.ts';
import { Ret } from '../../server/http/ret.ts';
import { CaptchaRules } from '../../src/core/shared-kernel/captcha-protocol.ts';
import { readCaptcha } from '../e2e/support/captcha-reader.ts';
import { FakeClock, MINUTE, uniqueIp } from './support.ts';
import { useServerFixture } from './server-fixture.ts';

const clock = new FakeClock();

const server = useServerFixture({ clock });

/** A repeatable [0, 1) sequence. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('the captcha picture', () => {
  it('draws every character of the alphabet, which holds no vowels and no look-alikes', () => {
    expect(CaptchaRules.alphabet).toMatch(/^[^AEIOUY0O1IL2Z5S8B6GQ]+$/);
    for (const character of CaptchaRules.alphabet) expect(CAPTCHA_GLYPHS[character], character).toBeDefined();
  });

  it('answers 5 characters of the alphabet', () => {
    const random = seeded(7);
    for (let i = 0; i < 50; i++) expect(randomCaptchaAnswer(random)).toMatch(new RegExp(`^[${CaptchaRules.alphabet}]{5}$`));
  });

  it('is drawn with paths only (no text, so no font is needed) and differs each time', () => {
    const svg = renderCaptchaSvg('CDF34', seeded(1));
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="150" height="50"')).toBe(true);
    expect(svg).not.toMatch(/<text|<tspan|font/);
    expect(svg).not.toContain('CDF34');
    expect(renderCaptchaSvg('CDF34', seeded(2))).not.toBe(svg);
    expect(captchaDataUrl(svg)).toMatch(/^data:image\/svg\+xml;base64,[A-Za-z0-9+/]+=*$/);
  });

  it('can be read by a person: the journeys\' reader gets every character right', () => {
    const random = seeded(11);
    for (let i = 0; i < 300; i++) {
      const answer = randomCaptchaAnswer(random);
      expect(readCaptcha(captchaDataUrl(renderCaptchaSvg(answer, random)))).toBe(answer);
    }
  });

  it('renders to a picture with ink on it', async () => {
    const svg = renderCaptchaSvg('HJKMN', seeded(3));
    const { data, info } = await sharp(Buffer.from(svg)).greyscale().raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([150, 50]);
    const dark = [...data].filter((value) => value < 128).length;
    expect(dark / data.length).toBeGreaterThan(0.05);
    expect(dark / data.length).toBeLessThan(0.6);
  });
});

describe('CaptchaStore', () => {
  it('answers once, in any case, until it expires', async () => {
    const store = new CaptchaStore(server.db, 5 * MINUTE);
    const t0 = clock.now();
    const id = await store.create('CDF34', t0);
    expect(await store.consume(id, ' cdf34 ', t0 + 1000)).toBe(true);
    expect(await store.consume(id, 'CDF34', t0 + 1000)).toBe(false);

    const wrongFirst = await store.create('HJKMN', t0);
    expect(await store.consume(wrongFirst, 'HJKMX', t0)).toBe(false);
    expect(await store.consume(wrongFirst, 'HJKMN', t0)).toBe(false);

    const late = await store.create('PRTVW', t0);
    expect(await store.consume(late, 'PRTVW', t0 + 5 * MINUTE)).toBe(false);
    expect(await store.consume('', 'PRTVW', t0)).toBe(false);
  });

  it('clears expired captchas as new ones are made', async () => {
    const store = new CaptchaStore(server.db, 5 * MINUTE);
    const t0 = clock.now() + 60 * MINUTE;
    const old = await store.create('CDF34', t0);
    await store.create('CDF34', t0 + 5 * MINUTE);
    expect(await server.db.query('SELECT 1 FROM captchas WHERE id = $1', [old])).toHaveLength(0);
  });
});

describe('GET /api/Captcha/Get', () => {
  it('answers an id, an SVG picture and its lifetime, never cached', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/Captcha/Get?System=h5', remoteAddress: uniqueIp() });
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json<{ ret: number; data: { id: string; image: string; expiresIn: number } }>();
    expect(body.ret).toBe(Ret.Ok);
    expect(body.data.id).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(body.data.expiresIn).toBe(300);
    const svg = Buffer.from(body.data.image.replace('data:image/svg+xml;base64,', ''), 'base64').toString();
    expect(svg).toMatch(/^<svg [^>]+>.*<\/svg>$/s);
    expect(svg).not.toMatch(/<text/);
  });

  it('allows 60 captchas per address per 15 minutes', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 60; i++) expect((await server.get('/api/Captcha/Get', {}, { ip })).body.ret).toBe(Ret.Ok);
    expect((await server.get('/api/Captcha/Get', {}, { ip })).body).toEqual({ ret: Ret.TooManyAttempts, msg: '获取验证码过于频繁，请稍后再试', data: null });
    expect((await server.get('/api/Captcha/Get', {}, { ip: uniqueIp() })).body.ret).toBe(Ret.Ok);
    clock.advance(15 * MINUTE);
    expect((await server.get('/api/Captcha/Get', {}, { ip })).body.ret).toBe(Ret.Ok);
  });
});
