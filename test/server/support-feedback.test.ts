import { describe, expect, it } from 'vitest';
import { FEEDBACK_OPTIONS } from '../../src/core/feedback/feedback-rules.ts';
import { Ret } from '../../server/http/ret.ts';
import { seedSupport } from '../../server/support/seed.ts';
import { FakeClock, tokenParams, uniqueIp } from './support.ts';
import { useServerFixture } from './server-fixture.ts';

const clock = new FakeClock();
const CN = FEEDBACK_OPTIONS['zh-CN'];
const TW = FEEDBACK_OPTIONS['zh-TW'];

const server = useServerFixture({
  clock,
  seed: async (db) => {
    await seedSupport(db);
    await seedSupport(db);
  },
});

const valid = (): Record<string, string> => ({
  gid: '42',
  name: '第1集',
  videoTitle: '演示影片',
  setName: CN.device.options[4]!,
  browser: CN.browser.options[0]!,
  question: `${CN.question.options[0]!}#${CN.question.options[4]!}`,
  description: '播放到一半卡住',
});

const collect = (fields: Record<string, string>, ip = uniqueIp()) => server.get<{ id: number }>('/api/user/ProblemCollect', fields, { ip });

interface FeedbackRow {
  uid: number | null;
  device_id: string;
  set_name: string;
  browser: string;
  question: string;
  description: string;
  from_app: string;
  gid: string;
  video_title: string;
}

const rowOf = async (id: number) => (await server.db.query<FeedbackRow>('SELECT * FROM play_feedback WHERE id = $1', [id]))[0];

describe('GET /api/user/ProblemCollect', () => {
  it('stores a visitor feedback and answers the thanks message', async () => {
    const { body } = await collect({ ...valid(), DeviceId: 'visitor-1' });
    expect(body.ret).toBe(Ret.Ok);
    expect(body.msg).toBe('感谢您的反馈，我们会尽快处理');
    const row = await rowOf(body.data.id);
    expect(row).toMatchObject({
      uid: null,
      device_id: 'visitor-1',
      set_name: '安卓手机',
      browser: 'chrome',
      question: '音画不同步#无法播放',
      description: '播放到一半卡住',
      gid: '42',
      video_title: '演示影片',
      from_app: '',
    });
  });

  it('records the logged-in user', async () => {
    const user = await server.registerUser();
    const { body } = await collect({ ...valid(), ...tokenParams(user.token) });
    expect(body.ret).toBe(Ret.Ok);
    expect((await rowOf(body.data.id))?.uid).toBe(user.id);
  });

  it('accepts the Traditional options', async () => {
    const { body } = await collect({ ...valid(), setName: TW.device.options[1]!, browser: TW.browser.options[2]!, question: TW.question.options.join('#') });
    expect(body.ret).toBe(Ret.Ok);
    expect((await rowOf(body.data.id))?.question).toBe('音畫不同步#音質差#片段缺失#集數錯誤#無法播放#其他（請描述）');
  });

  it.each([
    ['setName', '请选择设备'],
    ['browser', '请选择浏览器'],
    ['question', '请选择问题'],
  ])('refuses a missing %s with %s', async (field, message) => {
    const fields = valid();
    delete fields[field];
    const { body } = await collect(fields);
    expect(body).toEqual({ ret: Ret.FeedbackSelectionMissing, msg: message, data: null });
  });

  it('answers in Traditional for Lang 1', async () => {
    const { body } = await collect({ ...valid(), setName: '', Lang: '1' });
    expect(body.msg).toBe('請選擇設備');
  });

  it('does not ask a native app for the browser', async () => {
    const fields: Record<string, string> = { ...valid(), from: 'android' };
    delete fields.browser;
    const { body } = await collect(fields);
    expect(body.ret).toBe(Ret.Ok);
    expect(await rowOf(body.data.id)).toMatchObject({ browser: '', from_app: 'android' });
  });

  it.each([
    ['an unknown device', { setName: 'Windows 11电脑' }],
    ['an unknown browser', { browser: 'firefox' }],
    ['an unknown question', { question: '音画不同步#卡顿' }],
    ['a repeated question', { question: '音画不同步#音画不同步' }],
    ['an empty question item', { question: '音画不同步#' }],
    ['a description of 101 characters', { description: '字'.repeat(101) }],
    ['control characters', { description: 'a\u0007b' }],
  ])('refuses %s', async (_name, change) => {
    const { body } = await collect({ ...valid(), ...change });
    expect(body.ret).toBe(Ret.FeedbackInvalid);
    expect(body.data).toBeNull();
  });

  it('accepts a description of exactly 100 characters (emoji count as one)', async () => {
    const { body } = await collect({ ...valid(), description: `${'😀'.repeat(50)}${'字'.repeat(50)}` });
    expect(body.ret).toBe(Ret.Ok);
  });

  it('refuses an over-long context field with 1002', async () => {
    const { body } = await collect({ ...valid(), videoTitle: 'x'.repeat(101) });
    expect(body.ret).toBe(Ret.BadParam);
  });

  it('limits one address to 20 feedbacks an hour', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 20; i += 1) expect((await collect(valid(), ip)).body.ret).toBe(Ret.Ok);
    expect((await collect(valid(), ip)).body).toEqual({ ret: Ret.TooManyFeedback, msg: '反馈过于频繁，请稍后再试', data: null });
    clock.advance(60 * 60 * 1000 + 1);
    expect((await collect(valid(), ip)).body.ret).toBe(Ret.Ok);
  });

  it('answers 201 for a forged token', async () => {
    const { body } = await collect({ ...valid(), uid: '1', token: 'x', expire: '1', sign: 'y', login_uid: '1' });
    expect(body.ret).toBe(Ret.SessionInvalid);
  });
});

describe('GET /api/User/AddSuggestion', () => {
  const suggest = (fields: Record<string, string>) => server.get<{ id: number }>('/api/User/AddSuggestion', fields, { ip: uniqueIp() });

  it('stores a visitor suggestion with an optional contact', async () => {
    const { body } = await suggest({ content: '  希望增加倍速播放  ', contact: 'me@example.com' });
    expect(body).toMatchObject({ ret: Ret.Ok, msg: '感谢您的宝贵意见' });
    const rows = await server.db.query<{ content: string; contact: string; uid: number | null }>('SELECT content, contact, uid FROM suggestions WHERE id = $1', [body.data.id]);
    expect(rows[0]).toEqual({ content: '希望增加倍速播放', contact: 'me@example.com', uid: null });
  });

  it('records the logged-in user', async () => {
    const user = await server.registerUser();
    const { body } = await suggest({ content: '很好用', ...tokenParams(user.token) });
    const rows = await server.db.query<{ uid: number }>('SELECT uid FROM suggestions WHERE id = $1', [body.data.id]);
    expect(rows[0]?.uid).toBe(user.id);
  });

  it.each([
    ['empty content', { content: '   ' }, Ret.MissingParam, '请输入反馈内容'],
    ['501 characters', { content: 'a'.repeat(501) }, Ret.FeedbackInvalid, '反馈内容最多500个字'],
    ['a long contact', { content: 'ok', contact: 'c'.repeat(51) }, Ret.FeedbackInvalid, '联系方式最多50个字'],
  ])('refuses %s', async (_name, fields, ret, msg) => {
    expect((await suggest(fields)).body).toEqual({ ret, msg, data: null });
  });
});

describe('download', () => {
  it('answers the download info with 1.6.3 and empty fields for the other platforms', async () => {
    const { body } = await server.get<Record<string, string>>('/api/home/GetDownloadUrl', {}, { headers: { host: 'qiyu.test:8080' } });
    expect(body.ret).toBe(Ret.Ok);
    expect(body.data).toMatchObject({
      androidUrl: 'http://qiyu.test:8080/download/qiyu-1.6.3.apk',
      AndroidDownloadURL: 'http://qiyu.test:8080/download/qiyu-1.6.3.apk',
      AndroidVer: '1.6.3',
      iPhoneDownloadURL: '',
      iPadVer: '',
      PCMemo: '',
      MacDownloadURL: '',
      TVVer: '',
    });
  });

  it('serves a real ZIP package as an attachment', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/download/qiyu-1.6.3.apk' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.android.package-archive');
    expect(response.headers['content-disposition']).toBe('attachment; filename="qiyu-1.6.3.apk"');
    const bytes = response.rawPayload;
    expect(bytes.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    expect(Number(response.headers['content-length'])).toBe(bytes.length);
    // First entry is stored: name length at 26, data right after the 30-byte header and the name.
    const nameLength = bytes.readUInt16LE(26);
    const size = bytes.readUInt32LE(18);
    expect(bytes.subarray(30, 30 + nameLength).toString()).toBe('README.txt');
    expect(bytes.subarray(30 + nameLength, 30 + nameLength + size).toString()).toContain('奇遇视频 Android 1.6.3');
    expect(bytes.readUInt32LE(bytes.length - 22)).toBe(0x06054b50);
  });

  it('answers 404 for another file name', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/download/qiyu-1.0.0.apk' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ ret: Ret.DownloadNotFound, msg: '安装包不存在', data: null });
  });

  it('links to an operator-set address instead', async () => {
    await server.db.query(`UPDATE app_releases SET url = 'https://cdn.example/qiyu.apk', version = '1.7.0' WHERE platform = 'android'`);
    const { body } = await server.get<Record<string, string>>('/api/home/GetDownloadUrl');
    expect(body.data).toMatchObject({ androidUrl: 'https://cdn.example/qiyu.apk', AndroidVer: '1.7.0' });
    expect((await server.app.inject({ method: 'GET', url: '/download/qiyu-1.7.0.apk' })).statusCode).toBe(404);
    await server.db.query(`UPDATE app_releases SET url = '', version = '1.6.3' WHERE platform = 'android'`);
  });
});
