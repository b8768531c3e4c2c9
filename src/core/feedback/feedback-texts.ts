import { FeedbackWireLimits } from './feedback-protocol.ts';

/** The feedback forms' limits and timings (beside the texts that quote them; the protocol, the rules and the server read them from here). */
export const FeedbackLimits = {
  /** Description of a play feedback, in characters (code points). */
  descriptionMax: 100,
  /** Suggestion text on /feedback, in characters. */
  suggestionMax: 500,
  /** Optional contact on /feedback, in characters. */
  contactMax: 50,
  /** gid, name and videoTitle of a play feedback, in characters. */
  contextMax: FeedbackWireLimits.contextMax,
  /** Spec: a missing item toasts for 1500 ms at the bottom; the page closes or goes back 1500 ms after the thanks toast. */
  toastMs: 1500,
  closeDelayMs: 1500,
} as const;

export const FeedbackTexts = {
  thanks: '感谢您的反馈，我们会尽快处理',
  suggestionThanks: '感谢您的宝贵意见',
  descriptionTooLong: `问题描述最多${FeedbackLimits.descriptionMax}个字`,
  optionUnknown: '请从给出的选项中选择',
  suggestionEmpty: '请输入反馈内容',
  suggestionTooLong: `反馈内容最多${FeedbackLimits.suggestionMax}个字`,
  contactTooLong: `联系方式最多${FeedbackLimits.contactMax}个字`,
  badCharacters: '内容含有不支持的字符',
} as const;

export const SuggestionUiTexts = {
  title: '意见反馈',
  content: '反馈内容',
  contentPlaceholder: '请输入您的意见或建议',
  contact: '联系方式（选填）',
  contactPlaceholder: '邮箱或手机号，方便我们联系您',
  submit: '提交',
} as const;
