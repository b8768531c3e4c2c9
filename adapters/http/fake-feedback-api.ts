import { FeedbackCalls, FeedbackRet, FeedbackWireLimits, type FeedbackReceipt } from '../../src/core/feedback/feedback-protocol.ts';
import { feedbackPayloadProblem, missingSelectionMessage, suggestionProblem, textLength } from '../../src/core/feedback/feedback-rules.ts';
import { FeedbackTexts } from '../../src/core/feedback/feedback-texts.ts';
import type { ParamsOf } from '../../src/core/request/protocol.ts';
import { fail, fakeApi, ok, refuse } from './fake-api-kit.ts';
import type { FakeHttp, FakeHttpCall } from './fake-http.ts';

/** What the imitation stored, for tests to read: each feedback with the caller's uid (null: a visitor). */
export interface FakeFeedbackState {
  readonly feedbacks: Array<Required<Omit<ParamsOf<typeof FeedbackCalls.problemCollect.params>, 'from'>> & { from: string; uid: number | null }>;
  readonly suggestions: Array<{ content: string; contact: string; uid: number | null }>;
}

/** At most `max` characters as a person counts them, else 1002 参数格式错误：<name>. */
function within(name: string, text: string | undefined, max: number): string {
  if (textLength(text ?? '') > max) throw refuse(1002, `参数格式错误：${name}`);
  return text ?? '';
}

/**
 * An in-memory imitation of feedback's calls (feedback-protocol.ts), answering what they declare with the same rules
 * (feedback-rules.ts) as the reference server (test/contract/feedback-protocol.test.ts runs the same suite against
 * both). The caller is the login_uid its token fields carry (any token is taken); no hourly limit.
 */
export function installFakeFeedbackApi(http: FakeHttp): FakeFeedbackState {
  const state: FakeFeedbackState = { feedbacks: [], suggestions: [] };
  const uidOf = (call: FakeHttpCall): number | null => (call.params['token'] && call.params['login_uid'] ? Number(call.params['login_uid']) : null);
  const { serve } = fakeApi(http, { caller: uidOf });

  serve(FeedbackCalls.problemCollect, 'optional', (input, uid, call) => {
    const { contextMax, fromMax, questionMax } = FeedbackWireLimits;
    const from = within('from', input.from, fromMax);
    const feedback = {
      setName: within('setName', input.setName, contextMax),
      browser: within('browser', input.browser, contextMax),
      question: within('question', input.question, questionMax),
      description: input.description ?? '',
      gid: within('gid', input.gid, contextMax),
      name: within('name', input.name, contextMax),
      videoTitle: within('videoTitle', input.videoTitle, contextMax),
    };
    const problem = feedbackPayloadProblem({ ...feedback, fromApp: from !== '' });
    if (problem?.kind === 'missing') return fail(FeedbackRet.SelectionMissing, missingSelectionMessage(problem.section, call.params['Lang'] === '1' ? 'zh-TW' : 'zh-CN'));
    if (problem?.kind === 'invalid') return fail(FeedbackRet.Invalid, problem.message);
    state.feedbacks.push({ ...feedback, from, uid });
    return ok({ id: state.feedbacks.length } satisfies FeedbackReceipt, FeedbackTexts.thanks);
  });

  serve(FeedbackCalls.addSuggestion, 'optional', (input, uid) => {
    const content = input.content ?? '';
    const contact = input.contact ?? '';
    const problem = suggestionProblem(content, contact);
    if (problem === FeedbackTexts.suggestionEmpty) return fail(1001, problem);
    if (problem !== null) return fail(FeedbackRet.Invalid, problem);
    state.suggestions.push({ content: content.trim(), contact: contact.trim(), uid });
    return ok({ id: state.suggestions.length } satisfies FeedbackReceipt, FeedbackTexts.suggestionThanks);
  });
  return state;
}
