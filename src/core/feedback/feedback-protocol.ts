/**
 * Feedback's calls, declared once (src/core/request/protocol.ts): play feedback (ProblemCollect, from /playFeedBack)
 * and suggestions (AddSuggestion, from /feedback). The app's FeedbackService sends them, the reference server
 * (server/support/routes.ts) serves them, the fake (adapters/http/fake-feedback-api.ts) answers them. Both are open
 * to visitors; a signed-in caller's token travels in the common parameters, as do DeviceId and Lang (1: the
 * refusals in Traditional Chinese).
 */
import { object, type InferOutput } from 'valibot';
import * as wire from '../request/answer-values.ts';
import { call, type TextField } from '../request/protocol.ts';

/** Answer codes of the feedback calls (9010-9029). */
export const FeedbackRet = {
  /** ProblemCollect: a required choice missing (请选择 + the section title). */
  SelectionMissing: 9010,
  /** An option not offered, a text too long or with control characters. */
  Invalid: 9011,
  /** 20 feedbacks (both calls together) from one address within an hour. */
  TooMany: 9012,
} as const;

/** What both calls answer: the stored feedback's id (with the thanks message). */
/** What a sent feedback answers: its id. */
const feedbackReceipt = object({ id: wire.id });

export type FeedbackReceipt = InferOutput<typeof feedbackReceipt>;

/** The receipt is not read: whatever comes (null too) is no failure. */
const receiptNotRead = wire.orNull(feedbackReceipt);

/** The longest context field (gid, name, videoTitle, device, browser), in characters. */
const CONTEXT_MAX = 100;
/** The longest from (the native app's name). */
const FROM_MAX = 32;

/**
 * A choice or a context field: trimmed, no control characters but tab and line breaks, and at most twice `max` UTF-16
 * units (the server then counts characters as a person does): 参数格式错误：<name> otherwise.
 */
const bounded = (max: number) =>
  ({
    kind: 'text',
    max: 2 * max,
    trim: true,
    optional: true,
    // eslint-disable-next-line no-control-regex -- the control characters a feedback may not hold, as feedback-rules.ts names them
    pattern: /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]*$/,
  }) as const satisfies TextField;

/**
 * A free text (description, suggestion, contact): the feedback's own rules (feedback-rules.ts) refuse it with 9011 and
 * their words; this bound only says no text is longer than a GET's whole query may be.
 */
const FREE_TEXT = { kind: 'text', max: 16_384, optional: true } as const satisfies TextField;

/** The bounds the server checks in characters (feedback-rules.ts holds the free texts' own limits). */
export const FeedbackWireLimits = { contextMax: CONTEXT_MAX, fromMax: FROM_MAX, questionMax: 2 * CONTEXT_MAX } as const;

export const FeedbackCalls = {
  /**
   * A play feedback: the device (setName), the browser (not asked when a native app opened the page: from set), the
   * questions joined with #, an optional description of at most 100 characters, and the play (gid, name,
   * videoTitle). 感谢您的反馈，我们会尽快处理.
   */
  problemCollect: call({
    method: 'GET',
    path: '/api/user/ProblemCollect',
    carrier: 'query',
    params: {
      from: bounded(FROM_MAX),
      setName: bounded(CONTEXT_MAX),
      browser: bounded(CONTEXT_MAX),
      question: bounded(2 * CONTEXT_MAX),
      description: { ...FREE_TEXT, trim: true },
      gid: bounded(CONTEXT_MAX),
      name: bounded(CONTEXT_MAX),
      videoTitle: bounded(CONTEXT_MAX),
    },
    answer: receiptNotRead,
  }),
  /** A suggestion of at most 500 characters, with an optional contact of at most 50. 感谢您的宝贵意见. */
  addSuggestion: call({
    method: 'GET',
    path: '/api/User/AddSuggestion',
    carrier: 'query',
    params: { content: FREE_TEXT, contact: FREE_TEXT },
    answer: receiptNotRead,
  }),
} as const;
