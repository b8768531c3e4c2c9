import { expect, it } from 'vitest';
import { installFakeFeedbackApi } from '../../adapters/http/fake-feedback-api.ts';
import { FeedbackCalls, FeedbackRet, type FeedbackReceipt } from '../../src/core/feedback/feedback-protocol.ts';
import { FEEDBACK_OPTIONS } from '../../src/core/feedback/feedback-rules.ts';
import { registerUser, tokenParams, uniqueIp } from '../server/support.ts';
import { protocolContract, type Send } from './protocol-contract.ts';

/**
 * Feedback's calls (src/core/feedback/feedback-protocol.ts) as the app sends them, answered by the fake
 * (adapters/http/fake-feedback-api.ts) and by the reference server (in process, each call from its own address):
 * both must answer alike.
 */
interface FeedbackWorld {
  send: Send;
  /** A new signed-in user: the token fields the app sends. */
  signedIn(): Promise<Record<string, string>>;
}

const CN = FEEDBACK_OPTIONS['zh-CN'];
const TW = FEEDBACK_OPTIONS['zh-TW'];
const valid = () => ({
  gid: '42',
  name: '第1集',
  videoTitle: '演示影片',
  setName: CN.device.options[4] ?? '',
  browser: CN.browser.options[0] ?? '',
  question: `${CN.question.options[0] ?? ''}#${CN.question.options[4] ?? ''}`,
  description: ' 播放到一半卡住 ',
});

protocolContract<FeedbackWorld>('feedback protocol', {
  fake: ({ http, send }) => {
    installFakeFeedbackApi(http);
    let uid = 0;
    return { send, signedIn: async () => ({ token: `t${(uid += 1)}`, login_uid: String(uid) }) };
  },
  server: {
    address: uniqueIp,
    world: ({ app, send }) => ({
      send,
      signedIn: async () => tokenParams((await registerUser(app)).token),
    }),
  },
}, (world) => {
  it('ProblemCollect takes a visitor\'s and a signed-in user\'s feedback (感谢您的反馈，我们会尽快处理)', async () => {
    const visitor = await world.send(FeedbackCalls.problemCollect, valid());
    expect(visitor).toMatchObject({ ret: 200, msg: '感谢您的反馈，我们会尽快处理' });
    expect(typeof (visitor.data as FeedbackReceipt).id).toBe('number');
    expect((await world.send(FeedbackCalls.problemCollect, valid(), await world.signedIn())).ret).toBe(200);
    const traditional = { ...valid(), setName: TW.device.options[4] ?? '', question: TW.question.options[1] ?? '' };
    expect((await world.send(FeedbackCalls.problemCollect, traditional)).ret).toBe(200);
    expect((await world.send(FeedbackCalls.problemCollect, { ...valid(), description: '😀'.repeat(100) })).ret).toBe(200);
  });

  it('ProblemCollect asks for device, browser (not from an app) and question in order (9010, Traditional for Lang 1)', async () => {
    const missing = (msg: string) => ({ ret: FeedbackRet.SelectionMissing, msg, data: null });
    expect(await world.send(FeedbackCalls.problemCollect, { ...valid(), setName: '' })).toEqual(missing('请选择设备'));
    expect(await world.send(FeedbackCalls.problemCollect, { ...valid(), setName: '' }, { Lang: '1' })).toEqual(missing('請選擇設備'));
    expect(await world.send(FeedbackCalls.problemCollect, { ...valid(), browser: '' })).toEqual(missing('请选择浏览器'));
    expect((await world.send(FeedbackCalls.problemCollect, { ...valid(), browser: '', from: 'android' })).ret).toBe(200);
    expect(await world.send(FeedbackCalls.problemCollect, { ...valid(), question: '' })).toEqual(missing('请选择问题'));
  });

  it('ProblemCollect refuses an option not offered or a long description (9011), an over-long context field (1002)', async () => {
    expect(await world.send(FeedbackCalls.problemCollect, { ...valid(), setName: 'Linux' })).toEqual({ ret: FeedbackRet.Invalid, msg: '请从给出的选项中选择', data: null });
    expect(await world.send(FeedbackCalls.problemCollect, { ...valid(), question: `${CN.question.options[0] ?? ''}#${CN.question.options[0] ?? ''}` }))
      .toEqual({ ret: FeedbackRet.Invalid, msg: '请从给出的选项中选择', data: null });
    expect(await world.send(FeedbackCalls.problemCollect, { ...valid(), description: '字'.repeat(101) })).toEqual({ ret: FeedbackRet.Invalid, msg: '问题描述最多100个字', data: null });
    expect(await world.send(FeedbackCalls.problemCollect, { ...valid(), gid: '9'.repeat(101) })).toEqual({ ret: 1002, msg: '参数格式错误：gid', data: null });
    expect(await world.send(FeedbackCalls.problemCollect, { ...valid(), name: '集'.repeat(201) })).toEqual({ ret: 1002, msg: '参数格式错误：name', data: null });
    expect(await world.send(FeedbackCalls.problemCollect, { ...valid(), videoTitle: 'a\u0007b' })).toEqual({ ret: 1002, msg: '参数格式错误：videoTitle', data: null });
  });

  it('AddSuggestion takes a suggestion with an optional contact (感谢您的宝贵意见), from a visitor or a user', async () => {
    expect(await world.send(FeedbackCalls.addSuggestion, { content: ' 希望增加倍速播放 ' })).toMatchObject({ ret: 200, msg: '感谢您的宝贵意见' });
    expect((await world.send(FeedbackCalls.addSuggestion, { content: '好用', contact: 'qq 12345' }, await world.signedIn())).ret).toBe(200);
  });

  it('AddSuggestion refuses an empty suggestion (1001) and a long one or a long contact (9011)', async () => {
    expect(await world.send(FeedbackCalls.addSuggestion, { content: '   ' })).toEqual({ ret: 1001, msg: '请输入反馈内容', data: null });
    expect(await world.send(FeedbackCalls.addSuggestion, {})).toEqual({ ret: 1001, msg: '请输入反馈内容', data: null });
    expect(await world.send(FeedbackCalls.addSuggestion, { content: '字'.repeat(501) })).toEqual({ ret: FeedbackRet.Invalid, msg: '反馈内容最多500个字', data: null });
    expect(await world.send(FeedbackCalls.addSuggestion, { content: '好', contact: '1'.repeat(51) })).toEqual({ ret: FeedbackRet.Invalid, msg: '联系方式最多50个字', data: null });
  });
});
