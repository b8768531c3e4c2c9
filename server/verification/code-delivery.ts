import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTransport, type Transporter } from 'nodemailer';
import { outboxDirOf, type Config } from '../config.ts';

const DEFAULT_MAIL_FROM = '奇遇视频 <no-reply@localhost>';

/** A message carrying a code: by email (with a subject) or by SMS. */
export interface CodeMessage {
  channel: 'email' | 'sms';
  /** The address or the phone number with its country calling code (+8613800138000). */
  to: string;
  subject: string;
  text: string;
  /** The code itself (the outbox keeps it readable for tests and for `npm start` on a machine without mail). */
  code: string;
}

/** Sends one message; rejects when the transport refused it. */
interface MessageSender {
  send(message: CodeMessage): Promise<void>;
}

/** Mail over SMTP (nodemailer): SMTP_URL such as smtps://user:pass@smtp.example.com:465. */
export class SmtpSender implements MessageSender {
  private readonly transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = createTransport(url);
  }

  async send(message: CodeMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text });
  }
}

/**
 * SMS through an HTTP gateway: SMS_URL receives a POST with the JSON body `{"to": "+86…", "text": "…"}` and answers
 * 2xx when it accepted the message (docs in the README). Gives up after 10 s.
 */
export class HttpSmsSender implements MessageSender {
  constructor(
    private readonly url: string,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async send(message: CodeMessage): Promise<void> {
    const response = await this.fetchImpl(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: message.to, text: message.text }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
  }
}

/**
 * Where messages go when no mail or SMS transport is configured: one JSON file per message in `<DATA_DIR>/outbox`
 * (time, channel, to, subject, text, code), and the code in the log, so `npm start` works on a fresh machine and
 * tests can read the code.
 */
export class OutboxSender implements MessageSender {
  constructor(
    private readonly dir: string,
    private readonly log: (line: string) => void,
    private readonly now: () => number = Date.now,
  ) {}

  async send(message: CodeMessage): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const time = this.now();
    const name = `${time}-${message.channel}-${randomBytes(4).toString('hex')}.json`;
    await writeFile(join(this.dir, name), `${JSON.stringify({ time, ...message }, null, 2)}\n`, { flag: 'wx' });
    this.log(`outbox: ${message.channel} code ${message.code} for ${message.to} (${name})`);
  }
}

/** A sender for each channel. */
export type CodeSenders = Record<CodeMessage['channel'], MessageSender>;

/** The senders the server uses: SMTP_URL and SMS_URL when set, else the outbox (`<DATA_DIR>/outbox`) for each. */
export function codeSenders(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'smsUrl' | 'dataDir'>, log: (line: string) => void): CodeSenders {
  const outbox = new OutboxSender(outboxDirOf(config), log);
  return {
    email: config.smtpUrl ? new SmtpSender(config.smtpUrl, config.mailFrom ?? DEFAULT_MAIL_FROM) : outbox,
    sms: config.smsUrl ? new HttpSmsSender(config.smsUrl) : outbox,
  };
}
