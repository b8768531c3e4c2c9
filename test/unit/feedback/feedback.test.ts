import { describe, expect, it } from 'vitest';
import { installFakeFeedbackApi } from '../../../adapters/http/fake-feedback-api.ts';
import { createHeadlessCore } from '../../../src/composition/headless.ts';
import { DownloadService, SHARE_LINK_KEY, downloadInfoOf, safeLink } from '../../../src/core/download/download-info.ts';
import { DownloadCalls } from '../../../src/core/download/download-protocol.ts';
import { parsed } from '../../../src/core/request/answer-values.ts';
import {
  EMPTY_FEEDBACK_FORM,
  FEEDBACK_OPTIONS,
  canSubmitFeedback,
  cutToLength,
  feedbackLanguageOf,
  feedbackPayload,
  feedbackPayloadProblem,
  firstMissingSection,
  missingSelectionMessage,
  suggestionProblem,
  toggleQuestion,
} from '../../../src/core/feedback/feedback-rules.ts';
import { FeedbackService } from '../../../src/core/feedback/feedback-service.ts';
import { DownloadViewModel } from '../../../src/ui/download/download-view-model.ts';
import { PlayFeedbackViewModel, SuggestionViewModel } from '../../../src/ui/feedback/feedback-view-models.ts';

const CN = FEEDBACK_OPTIONS['zh-CN'];
const TW = FEEDBACK_OPTIONS['zh-TW'];
const ok = (data: unknown, msg = '成功') => ({ body: { ret: 200, msg, data } });

function setup(path = '/playFeedBack') {
  const { container, world } = createHeadlessCore({ withFakeApi: false, path: '/' });
  world.navigator.push(path);
  // The feedback the imitation stored (what the server would): play feedbacks, and suggestions.
  const { feedbacks: calls, suggestions } = installFakeFeedbackApi(world.http);
  return { world, calls, suggestions, service: container.get(FeedbackService), download: container.get(DownloadService) };
}

describe('feedback rules', () => {
  it('has six options per section in both scripts', () => {
    for (const language of ['zh-CN', 'zh-TW'] as const) {
      for (const section of ['device', 'browser', 'question'] as const) expect(FEEDBACK_OPTIONS[language][section].options).toHaveLength(6);
    }
    expect(CN.device.options).toEqual(['Windows 7电脑', 'Windows 10电脑', 'MAC', 'iPhone', '安卓手机', '其他']);
    expect(TW.question.options).toEqual(['音畫不同步', '音質差', '片段缺失', '集數錯誤', '無法播放', '其他（請描述）']);
  });

  it('reads the script from the language query', () => {
    expect(feedbackLanguageOf('zh-TW')).toBe('zh-TW');
    expect(feedbackLanguageOf('zh-CN')).toBe('zh-CN');
    expect(feedbackLanguageOf(null)).toBe('zh-CN');
    expect(feedbackLanguageOf('en')).toBe('zh-CN');
  });

  it('asks for device, then browser (outside the app), then question', () => {
    expect(firstMissingSection(EMPTY_FEEDBACK_FORM, false)).toBe('device');
    const device = { ...EMPTY_FEEDBACK_FORM, device: 'MAC' };
    expect(firstMissingSection(device, false)).toBe('browser');
    expect(firstMissingSection(device, true)).toBe('question');
    expect(missingSelectionMessage('device', 'zh-CN')).toBe('请选择设备');
    expect(missingSelectionMessage('browser', 'zh-TW')).toBe('請選擇瀏覽器');
    expect(canSubmitFeedback({ ...device, questions: ['音质差'] }, true)).toBe(true);
    expect(canSubmitFeedback({ ...device, questions: ['音质差'] }, false)).toBe(false);
    expect(canSubmitFeedback({ ...device, browser: 'UC浏览器', questions: ['音质差'], description: '字'.repeat(101) }, false)).toBe(false);
  });

  it('keeps chosen questions in the offered order and joins them with #', () => {
    let chosen = toggleQuestion([], '无法播放', CN.question.options);
    chosen = toggleQuestion(chosen, '音画不同步', CN.question.options);
    expect(chosen).toEqual(['音画不同步', '无法播放']);
    expect(toggleQuestion(chosen, '音画不同步', CN.question.options)).toEqual(['无法播放']);
    const payload = feedbackPayload(
      { device: 'iPhone', browser: 'safari', questions: chosen, description: ' 卡 ' },
      { gid: '7', name: '第2集', videoTitle: '片名', from: '' },
    );
    expect(payload).toEqual({ gid: '7', name: '第2集', videoTitle: '片名', description: '卡', setName: 'iPhone', browser: 'safari', question: '音画不同步#无法播放' });
  });

  it('cuts text by characters, never splitting an emoji', () => {
    expect(cutToLength('😀'.repeat(101), 100)).toBe('😀'.repeat(100));
    expect(cutToLength('abc', 100)).toBe('abc');
  });

  it('the server check accepts either script and refuses the rest', () => {
    const base = { setName: '安卓手機', browser: '', question: '音質差#無法播放', description: '', fromApp: true };
    expect(feedbackPayloadProblem(base)).toBeNull();
    expect(feedbackPayloadProblem({ ...base, fromApp: false })).toEqual({ kind: 'missing', section: 'browser' });
    expect(feedbackPayloadProblem({ ...base, question: '音質差#' })).toMatchObject({ kind: 'invalid' });
    expect(suggestionProblem(' ', '')).toBe('请输入反馈内容');
    expect(suggestionProblem('好', 'x'.repeat(51))).toBe('联系方式最多50个字');
  });
});

describe('FeedbackService', () => {
  it('a missing section toasts 请选择 + title for 1500 ms at the bottom and sends nothing', async () => {
    const { service, world, calls } = setup();
    const outcome = await service.sendPlayFeedback(EMPTY_FEEDBACK_FORM, { gid: '', name: '', videoTitle: '', from: '' }, 'zh-CN');
    expect(outcome).toEqual({ kind: 'refused', message: '请选择设备' });
    expect(world.notifier.lastToast()).toEqual({ message: '请选择设备', durationMs: 1500, position: 'bottom' });
    expect(calls).toHaveLength(0);
  });

  it('sends, toasts the server message, and goes back 1500 ms later in a browser', async () => {
    const { service, world, calls } = setup();
    const form = { device: 'MAC', browser: 'chrome', questions: ['音质差'], description: '' };
    expect(await service.sendPlayFeedback(form, { gid: '1', name: '', videoTitle: '', from: '' }, 'zh-CN')).toEqual({ kind: 'sent' });
    expect(calls[0]).toMatchObject({ setName: 'MAC', browser: 'chrome', question: '音质差', gid: '1' });
    expect(world.notifier.lastToast()?.message).toBe('感谢您的反馈，我们会尽快处理');
    world.clock.advance(1499);
    expect(world.navigator.current().path).toBe('/playFeedBack');
    world.clock.advance(1);
    expect(world.navigator.current().path).toBe('/');
  });

  it('closes the web view through the native bridge inside the app', async () => {
    const { service, world, calls } = setup();
    world.nativeBridge.setPlatform('android');
    await service.sendPlayFeedback({ device: 'MAC', browser: null, questions: ['音质差'], description: '' }, { gid: '', name: '', videoTitle: '', from: 'app' }, 'zh-CN');
    expect(calls[0]?.from).toBe('app');
    world.clock.advance(1500);
    expect(world.nativeBridge.calls).toEqual([{ name: 'closeWebView', args: [] }]);
    expect(world.navigator.current().path).toBe('/playFeedBack');
  });

  it('a refused call keeps the page', async () => {
    const { service, world } = setup();
    world.http.route('GET', '/api/user/ProblemCollect', () => ({ body: { ret: 9012, msg: '反馈过于频繁，请稍后再试', data: null } }));
    const outcome = await service.sendPlayFeedback({ device: 'MAC', browser: 'chrome', questions: ['音质差'], description: '' }, { gid: '', name: '', videoTitle: '', from: '' }, 'zh-CN');
    expect(outcome).toEqual({ kind: 'failed' });
    expect(world.notifier.lastToast()).toEqual({ message: '反馈过于频繁，请稍后再试', durationMs: 5000, position: 'bottom' });
    world.clock.advance(5000);
    expect(world.navigator.current().path).toBe('/playFeedBack');
  });

  it('leaving before the close runs cancels it', async () => {
    const { service, world } = setup('/feedback');
    await service.sendSuggestion('很好', '');
    service.cancelPendingClose();
    world.clock.advance(2000);
    expect(world.navigator.current().path).toBe('/feedback');
  });
});

describe('PlayFeedbackViewModel', () => {
  it('shows Traditional options for zh-TW and hides the browser section inside the app', () => {
    const { service } = setup();
    const vm = new PlayFeedbackViewModel(service, { language: 'zh-TW', from: 'android' });
    expect(vm.sections.map((s) => s.title)).toEqual(['設備', '問題']);
    expect(vm.sections[0]?.options).toEqual(TW.device.options);
    expect(new PlayFeedbackViewModel(service, {}).sections.map((s) => s.title)).toEqual(['设备', '浏览器', '问题']);
  });

  it('single choice, multi-choice, a description never longer than 100, submit only when filled', async () => {
    const { service, calls, world } = setup();
    const vm = new PlayFeedbackViewModel(service, { gid: '5', videoTitle: '片名', name: '第1集' });
    expect(vm.videoLine).toBe('片名 第1集');
    await vm.submitTapped();
    expect(world.notifier.lastToast()?.message).toBe('请选择设备');
    vm.optionTapped('device', 'MAC');
    vm.optionTapped('device', 'iPhone');
    expect(vm.form.device).toBe('iPhone');
    vm.optionTapped('browser', 'UC浏览器');
    expect(vm.canSubmit).toBe(false);
    await vm.submitTapped();
    expect(world.notifier.lastToast()?.message).toBe('请选择问题');
    vm.optionTapped('question', '其他（请描述）');
    vm.optionTapped('question', '音质差');
    vm.descriptionChanged('字'.repeat(150));
    expect(vm.form.description).toHaveLength(100);
    expect(vm.counterText).toBe('100/100');
    expect(vm.canSubmit).toBe(true);
    await vm.submitTapped();
    expect(vm.sent).toBe(true);
    expect(vm.canSubmit).toBe(false);
    expect(calls[0]).toMatchObject({ setName: 'iPhone', browser: 'UC浏览器', question: '音质差#其他（请描述）', gid: '5' });
  });
});

describe('SuggestionViewModel', () => {
  it('needs content, cuts at 500 and sends the contact when given', async () => {
    const { service, suggestions } = setup('/feedback');
    const vm = new SuggestionViewModel(service);
    expect(vm.canSubmit).toBe(false);
    vm.contentChanged('a'.repeat(600));
    expect(vm.content).toHaveLength(500);
    vm.contactChanged(' qq123 ');
    await vm.submitTapped();
    expect(suggestions[0]).toMatchObject({ content: 'a'.repeat(500), contact: 'qq123' });
  });
});

describe('download', () => {
  it('reads the answer, defaults the version to 1.6.3 and drops unsafe links', () => {
    const answer = (data: unknown) => parsed(DownloadCalls.info.answer!, data);
    expect(downloadInfoOf(answer({ androidUrl: 'https://x.example/a.apk' }), null)).toMatchObject({ AndroidDownloadURL: 'https://x.example/a.apk', AndroidVer: '1.6.3', iPhoneDownloadURL: '' });
    expect(downloadInfoOf(answer({ AndroidVer: '2.0.0', iPhoneDownloadURL: 'javascript:alert(1)' }), '/download/old.apk')).toMatchObject({ AndroidDownloadURL: '/download/old.apk', AndroidVer: '2.0.0', iPhoneDownloadURL: '' });
    expect(downloadInfoOf(null, null)).toMatchObject({ AndroidDownloadURL: '', AndroidVer: '1.6.3' });
    expect(safeLink('javascript:alert(1)')).toBe('');
    expect(safeLink('//evil.example/x')).toBe('');
  });

  it('stores androidUrl as shareLink and falls back to it when the call fails', async () => {
    const { download, world } = setup('/app-download');
    world.http.route('GET', '/api/home/GetDownloadUrl', () => ok({ androidUrl: 'http://h/download/qiyu-1.6.3.apk', AndroidVer: '1.6.3' }));
    expect((await download.load()).AndroidDownloadURL).toBe('http://h/download/qiyu-1.6.3.apk');
    expect(world.local.get(SHARE_LINK_KEY)).toBe('http://h/download/qiyu-1.6.3.apk');
    world.http.setOnline(false);
    expect(await download.load()).toMatchObject({ AndroidDownloadURL: 'http://h/download/qiyu-1.6.3.apk', AndroidVer: '1.6.3' });
    expect(world.notifier.toasts).toHaveLength(0);
  });

  it('copies the link: 链接已复制, or 复制失败 when the clipboard refuses', async () => {
    const { download, world } = setup('/app-download');
    world.http.route('GET', '/api/home/GetDownloadUrl', () => ok({ androidUrl: 'http://h/a.apk' }));
    const vm = new DownloadViewModel(download);
    await vm.opened();
    expect(vm.versionText).toBe('版本：1.6.3');
    await vm.pcLinkTapped();
    expect(world.clipboard.text).toBe('http://h/a.apk');
    expect(world.notifier.lastToast()).toEqual({ message: '链接已复制', durationMs: 1500, position: 'bottom' });
    world.clipboard.failNext();
    await vm.pcLinkTapped();
    expect(world.notifier.lastToast()?.message).toBe('复制失败');
  });
});
