import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VerificationRules } from '../../src/core/account-security/verification-rules.ts';
import { ConfigError, readConfig } from '../../server/config.ts';
import { HttpSmsSender, OutboxSender, SmtpSender, codeSenders, type CodeMessage } from '../../server/verification/code-delivery.ts';
import { VerificationCodes } from '../../server/verification/verification-codes.ts';
import { MINUTE, uniqueIp } from './support.ts';
import { useServerFixture } from './server-fixture.ts';

const server = useServerFixture({ app: false });
let codes: VerificationCodes;
let targets = 0;
const T0 = Date.UTC(2026, 10, 25, 12);
/** A target no other test uses. */
const target = () => `user${++targets}-${Math.random().toString(36).slice(2, 8)}@example.com`;

beforeAll(() => {
  codes = new VerificationCodes(server.db, 'test-secret');
});

async function issued(purpose: 'reset_password' | 'bind_email', to: string, address: string, now: number): Promise<string> {
  const outcome = await codes.issue(purpose, to, address, now);
  if (!outcome.ok) throw new Error(`not issued: ${outcome.kind}`);
  return outcome.code;
}

describe('verification codes (issue 22)', () => {
  it('are 6 digits, good once within 10 minutes', async () => {
    const to = target();
    const code = await issued('reset_password', to, uniqueIp(), T0);
    expect(code).toMatch(/^[0-9]{6}$/);
    expect(await codes.check('reset_password', to, code, T0 + VerificationRules.lifetimeMs - 1)).toBe('ok');
    expect(await codes.check('reset_password', to, code, T0 + VerificationRules.lifetimeMs - 1)).toBe('expired');
  });

  it('expire after 10 minutes', async () => {
    const to = target();
    const code = await issued('reset_password', to, uniqueIp(), T0);
    expect(await codes.check('reset_password', to, code, T0 + VerificationRules.lifetimeMs)).toBe('expired');
  });

  it('serve only their purpose and target', async () => {
    const to = target();
    const code = await issued('bind_email', to, uniqueIp(), T0);
    expect(await codes.check('reset_password', to, code, T0 + 1)).toBe('expired');
    expect(await codes.check('bind_email', target(), code, T0 + 1)).toBe('expired');
    expect(await codes.check('bind_email', to, code, T0 + 1)).toBe('ok');
  });

  it('take 5 wrong tries, then even the right code is refused until a new one is sent', async () => {
    const to = target();
    const code = await issued('reset_password', to, uniqueIp(), T0);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i < VerificationRules.maxTries; i++) expect(await codes.check('reset_password', to, wrong, T0 + i)).toBe('wrong');
    expect(await codes.check('reset_password', to, wrong, T0 + 10)).toBe('exhausted');
    expect(await codes.check('reset_password', to, code, T0 + 11)).toBe('exhausted');
    const next = await issued('reset_password', to, uniqueIp(), T0 + VerificationRules.resendAfterMs);
    expect(await codes.check('reset_password', to, next, T0 + VerificationRules.resendAfterMs + 1)).toBe('ok');
  });

  it('count parallel guesses: 50 at once check at most 5', async () => {
    const to = target();
    const code = await issued('reset_password', to, uniqueIp(), T0);
    const guesses = Array.from({ length: 50 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const outcomes = await Promise.all(guesses.map((guess) => codes.check('reset_password', to, guess, T0 + 1)));
    expect(outcomes.filter((outcome) => outcome === 'wrong').length).toBeLessThanOrEqual(VerificationRules.maxTries - 1);
    expect(outcomes.filter((outcome) => outcome === 'ok')).toEqual([]);
    expect(await codes.check('reset_password', to, code, T0 + 2)).toBe('exhausted');
  });

  it('accept the right code once when it is sent twice at the same moment', async () => {
    const to = target();
    const code = await issued('reset_password', to, uniqueIp(), T0);
    const outcomes = await Promise.all([1, 2, 3].map(() => codes.check('reset_password', to, code, T0 + 1)));
    expect(outcomes.filter((outcome) => outcome === 'ok')).toHaveLength(1);
  });

  it('resend only after 60 s, and the newer code replaces the older', async () => {
    const to = target();
    const address = uniqueIp();
    const first = await issued('reset_password', to, address, T0);
    expect(await codes.issue('reset_password', to, address, T0 + 59_000)).toEqual({ ok: false, kind: 'too_soon', waitMs: 1_000 });
    const second = await issued('reset_password', to, address, T0 + 60_000);
    if (first !== second) expect(await codes.check('reset_password', to, first, T0 + 60_001)).toBe('wrong');
    expect(await codes.check('reset_password', to, second, T0 + 60_002)).toBe('ok');
  });

  it('hold the resend interval under parallel requests', async () => {
    const to = target();
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => codes.issue('reset_password', to, uniqueIp(), T0)));
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
  });

  it('send at most 10 a day to one target', async () => {
    const to = target();
    for (let i = 0; i < VerificationRules.perTargetPerDay; i++) await issued('reset_password', to, uniqueIp(), T0 + i * MINUTE);
    expect(await codes.issue('reset_password', to, uniqueIp(), T0 + 10 * MINUTE)).toEqual({ ok: false, kind: 'target_limit' });
    // A day after the first, one more may go.
    expect((await codes.issue('reset_password', to, uniqueIp(), T0 + 24 * 60 * MINUTE + 1)).ok).toBe(true);
  });

  it('send at most 20 an hour from one address, whatever the targets', async () => {
    const address = uniqueIp();
    const outcomes = await Promise.all(Array.from({ length: 25 }, () => codes.issue('bind_email', target(), address, T0)));
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(VerificationRules.perAddressPerHour);
    expect(outcomes.filter((outcome) => !outcome.ok && outcome.kind === 'address_limit')).toHaveLength(5);
    expect((await codes.issue('bind_email', target(), address, T0 + 60 * MINUTE + 1)).ok).toBe(true);
  });

  it('keep no code in the clear', async () => {
    const to = target();
    const code = await issued('reset_password', to, uniqueIp(), T0);
    const rows = await server.db.query<{ code_hash: string }>('SELECT code_hash FROM verification_codes WHERE target = $1', [to]);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.code_hash).not.toContain(code);
  });
});

describe('code delivery (issue 22)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'outbox-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const message: CodeMessage = { channel: 'email', to: 'a@example.com', subject: '验证码', text: '您的验证码是 123456，10分钟内有效。', code: '123456' };

  it('without SMTP_URL or SMS_URL, writes one file per message to the outbox and logs the code', async () => {
    const lines: string[] = [];
    const senders = codeSenders({ dataDir: dir }, (line) => lines.push(line));
    await senders.email.send(message);
    await senders.sms.send({ ...message, channel: 'sms', to: '+8613800138000', code: '654321' });
    const files = (await readdir(join(dir, 'outbox'))).sort();
    expect(files).toHaveLength(2);
    const saved = await Promise.all(files.map(async (file) => JSON.parse(await readFile(join(dir, 'outbox', file), 'utf8')) as CodeMessage));
    expect(saved.map((entry) => [entry.channel, entry.to, entry.code]).sort()).toEqual([
      ['email', 'a@example.com', '123456'],
      ['sms', '+8613800138000', '654321'],
    ]);
    expect(lines.join('\n')).toContain('123456');
    expect(senders.email).toBeInstanceOf(OutboxSender);
  });

  it('SMTP_URL and SMS_URL choose the mail and SMS transports', () => {
    const senders = codeSenders({ dataDir: dir, smtpUrl: 'smtp://127.0.0.1:2525', smsUrl: 'http://127.0.0.1:9/sms' }, () => undefined);
    expect(senders.email).toBeInstanceOf(SmtpSender);
    expect(senders.sms).toBeInstanceOf(HttpSmsSender);
  });

  it('refuses an SMTP_URL or SMS_URL of another scheme', () => {
    expect(() => readConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(ConfigError);
    expect(() => readConfig({ SMS_URL: 'ftp://sms.example.com' })).toThrow(ConfigError);
    expect(readConfig({ SMTP_URL: 'smtps://u:p@mail.example.com:465', SMS_URL: 'https://sms.example.com/send' })).toMatchObject({ smtpUrl: 'smtps://u:p@mail.example.com:465', smsUrl: 'https://sms.example.com/send' });
  });

  describe('the HTTP SMS gateway', () => {
    let server: Server;
    let url: string;
    const received: unknown[] = [];
    let status = 200;
    beforeAll(async () => {
      server = createServer((request, response) => {
        let body = '';
        request.on('data', (chunk: Buffer) => (body += chunk.toString()));
        request.on('end', () => {
          received.push({ method: request.method, type: request.headers['content-type'], body: JSON.parse(body) as unknown });
          response.statusCode = status;
          response.end();
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('posts {to, text} as JSON', async () => {
      await new HttpSmsSender(url).send({ ...message, channel: 'sms', to: '+8613800138000' });
      expect(received).toEqual([{ method: 'POST', type: 'application/json', body: { to: '+8613800138000', text: message.text } }]);
    });

    it('fails when the gateway refuses', async () => {
      status = 503;
      await expect(new HttpSmsSender(url).send({ ...message, channel: 'sms' })).rejects.toThrow('503');
    });
  });
});
