/** Play feedback (/playFeedBack) and suggestions (/feedback): the spec's options, texts and limits, shared by the app and the server. */
import type { ParamsOf } from '../request/protocol.ts';
import { type FeedbackCalls } from './feedback-protocol.ts';
import { FeedbackLimits, FeedbackTexts } from './feedback-texts.ts';

export type FeedbackLanguage = 'zh-CN' | 'zh-TW';


export type FeedbackSection = 'device' | 'browser' | 'question';

interface SectionText {
  title: string;
  options: readonly string[];
}

/** The six devices, browsers and questions of the spec, written out in both scripts (same order in both). */
export const FEEDBACK_OPTIONS: Record<FeedbackLanguage, Record<FeedbackSection, SectionText>> = {
  'zh-CN': {
    device: { title: '设备', options: ['Windows 7电脑', 'Windows 10电脑', 'MAC', 'iPhone', '安卓手机', '其他'] },
    browser: { title: '浏览器', options: ['chrome', 'safari', '安卓默认浏览器', '360浏览器', 'UC浏览器', '其他'] },
    question: { title: '问题', options: ['音画不同步', '音质差', '片段缺失', '集数错误', '无法播放', '其他（请描述）'] },
  },
  'zh-TW': {
    device: { title: '設備', options: ['Windows 7電腦', 'Windows 10電腦', 'MAC', 'iPhone', '安卓手機', '其他'] },
    browser: { title: '瀏覽器', options: ['chrome', 'safari', '安卓默認瀏覽器', '360瀏覽器', 'UC瀏覽器', '其他'] },
    question: { title: '問題', options: ['音畫不同步', '音質差', '片段缺失', '集數錯誤', '無法播放', '其他（請描述）'] },
  },
};

/** Multi-choice answers are joined with # (spec section 5). */
const QUESTION_SEPARATOR = '#';

/** The native function closing the web view (Android bridge object method / iOS message handler). */
export const NATIVE_CLOSE_CALL = 'closeWebView';

const PLEASE_CHOOSE: Record<FeedbackLanguage, string> = { 'zh-CN': '请选择', 'zh-TW': '請選擇' };

/** The page's script: Traditional when the language query is zh-TW, else Simplified. */
export function feedbackLanguageOf(query: string | null | undefined): FeedbackLanguage {
  return query === 'zh-TW' ? 'zh-TW' : 'zh-CN';
}

export function sectionTitle(section: FeedbackSection, language: FeedbackLanguage): string {
  return FEEDBACK_OPTIONS[language][section].title;
}

export function sectionOptions(section: FeedbackSection, language: FeedbackLanguage): readonly string[] {
  return FEEDBACK_OPTIONS[language][section].options;
}

/** 请选择 + the section title (請選擇 in Traditional). */
export function missingSelectionMessage(section: FeedbackSection, language: FeedbackLanguage): string {
  return `${PLEASE_CHOOSE[language]}${sectionTitle(section, language)}`;
}

/** Whether the option is one the section offers, in either script. */
function isOfferedOption(section: FeedbackSection, option: string): boolean {
  return FEEDBACK_OPTIONS['zh-CN'][section].options.includes(option) || FEEDBACK_OPTIONS['zh-TW'][section].options.includes(option);
}

/** Length in characters (code points), as the limits count. */
export function textLength(text: string): number {
  return [...text].length;
}

/** The first max characters (code points): a description can never hold a 101st character. */
export function cutToLength(text: string, max: number): string {
  const chars = [...text];
  return chars.length > max ? chars.slice(0, max).join('') : text;
}

/** C0/C1 control characters other than tab and line breaks. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTERS.test(text);
}

export interface FeedbackForm {
  device: string | null;
  browser: string | null;
  /** Chosen questions, in the order offered. */
  questions: readonly string[];
  description: string;
}

export const EMPTY_FEEDBACK_FORM: FeedbackForm = { device: null, browser: null, questions: [], description: '' };

/** Browser is required only when the page was not opened from the native app (the from query empty). */
export function requiredSections(fromApp: boolean): readonly FeedbackSection[] {
  return fromApp ? ['device', 'question'] : ['device', 'browser', 'question'];
}

function isFilled(form: FeedbackForm, section: FeedbackSection): boolean {
  if (section === 'device') return form.device !== null;
  if (section === 'browser') return form.browser !== null;
  return form.questions.length > 0;
}

/** The first required section left empty (in page order), or null when every required one is filled. */
export function firstMissingSection(form: FeedbackForm, fromApp: boolean): FeedbackSection | null {
  return requiredSections(fromApp).find((section) => !isFilled(form, section)) ?? null;
}

/** Submit is enabled only when the required sections are filled and the description fits. */
export function canSubmitFeedback(form: FeedbackForm, fromApp: boolean): boolean {
  return firstMissingSection(form, fromApp) === null && textLength(form.description) <= FeedbackLimits.descriptionMax;
}

/** Single choice: tapping the chosen option keeps it (a radio). */
export function chooseSingle(current: string | null, option: string): string {
  return current === option ? current : option;
}

/** Multi-choice: a tap toggles the option; the answer keeps the offered order. */
export function toggleQuestion(chosen: readonly string[], option: string, offered: readonly string[]): string[] {
  const next = chosen.includes(option) ? chosen.filter((item) => item !== option) : [...chosen, option];
  return offered.filter((item) => next.includes(item));
}

function joinQuestions(questions: readonly string[]): string {
  return questions.join(QUESTION_SEPARATOR);
}

function splitQuestions(joined: string): string[] {
  return joined.split(QUESTION_SEPARATOR);
}

/** The play being reported, from the page's query (gid, name, videoTitle). */
export interface FeedbackContext {
  gid: string;
  name: string;
  videoTitle: string;
  /** The from query: set when a native app opened the page. */
  from: string;
}

/** ProblemCollect's parameters as the form fills them: every one given, from only when set. */
type ProblemCollectPayload = Required<Omit<ParamsOf<typeof FeedbackCalls.problemCollect.params>, 'from'>> & { from?: string };

/** The ProblemCollect parameters (token fields are added by the request layer when logged in); from only when set. */
export function feedbackPayload(form: FeedbackForm, context: FeedbackContext): ProblemCollectPayload {
  const fromApp = context.from !== '';
  const payload: ProblemCollectPayload = {
    gid: cutToLength(context.gid, FeedbackLimits.contextMax),
    name: cutToLength(context.name, FeedbackLimits.contextMax),
    videoTitle: cutToLength(context.videoTitle, FeedbackLimits.contextMax),
    description: form.description.trim(),
    setName: form.device ?? '',
    browser: form.browser ?? '',
    question: joinQuestions(form.questions),
  };
  if (fromApp) payload.from = context.from;
  return payload;
}

/** The server's check of a ProblemCollect payload: null when acceptable, else the message to answer. */
export function feedbackPayloadProblem(payload: {
  setName: string;
  browser: string;
  question: string;
  description: string;
  fromApp: boolean;
}): { kind: 'missing'; section: FeedbackSection } | { kind: 'invalid'; message: string } | null {
  if (payload.setName === '') return { kind: 'missing', section: 'device' };
  if (!payload.fromApp && payload.browser === '') return { kind: 'missing', section: 'browser' };
  if (payload.question === '') return { kind: 'missing', section: 'question' };
  if (!isOfferedOption('device', payload.setName)) return { kind: 'invalid', message: FeedbackTexts.optionUnknown };
  if (payload.browser !== '' && !isOfferedOption('browser', payload.browser)) return { kind: 'invalid', message: FeedbackTexts.optionUnknown };
  const questions = splitQuestions(payload.question);
  if (new Set(questions).size !== questions.length || !questions.every((item) => isOfferedOption('question', item))) {
    return { kind: 'invalid', message: FeedbackTexts.optionUnknown };
  }
  if (textLength(payload.description) > FeedbackLimits.descriptionMax) return { kind: 'invalid', message: FeedbackTexts.descriptionTooLong };
  if (hasControlCharacters(payload.description)) return { kind: 'invalid', message: FeedbackTexts.badCharacters };
  return null;
}

/** A suggestion on /feedback: null when acceptable, else the message. Content is required, contact optional. */
export function suggestionProblem(content: string, contact: string): string | null {
  const text = content.trim();
  if (text === '') return FeedbackTexts.suggestionEmpty;
  if (textLength(text) > FeedbackLimits.suggestionMax) return FeedbackTexts.suggestionTooLong;
  if (textLength(contact.trim()) > FeedbackLimits.contactMax) return FeedbackTexts.contactTooLong;
  if (hasControlCharacters(text) || hasControlCharacters(contact)) return FeedbackTexts.badCharacters;
  return null;
}
