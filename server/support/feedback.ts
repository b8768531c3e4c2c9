import { feedbackPayloadProblem, missingSelectionMessage, suggestionProblem, textLength } from '../../src/core/feedback/feedback-rules.ts';
import { FeedbackTexts } from '../../src/core/feedback/feedback-texts.ts';
import type { FeedbackReceipt } from '../../src/core/feedback/feedback-protocol.ts';
import type { AppServices } from '../app-services.ts';
import { ApiError, badParam } from '../http/api-error.ts';
import { Ret, RetMessage } from '../http/ret.ts';
import type { RateLimitRule } from '../rate-limit/rate-limiter.ts';
import { insertPlayFeedback, insertSuggestion, type PlayFeedbackRow } from './support-repository.ts';

const HOUR_MS = 60 * 60 * 1000;
/** Feedbacks (play feedback and suggestions together) one address may send in an hour. */
const FEEDBACK_PER_IP: RateLimitRule = { name: 'feedback:ip', max: 20, windowMs: HOUR_MS };

type FeedbackServices = Pick<AppServices, 'db' | 'limiter'>;

/** The text itself when it is at most `max` characters (as a person counts them); 1002 参数格式错误：<name> otherwise. */
export function withinLength(name: string, text: string, max: number): string {
  if (textLength(text) > max) throw badParam(name);
  return text;
}

function invalid(message: string): ApiError {
  return new ApiError(Ret.FeedbackInvalid, message);
}

/** Counts a feedback against the address's hourly allowance once it is stored (9012 when used up). */
async function limited<T>(services: FeedbackServices, ip: string, store: () => Promise<T>): Promise<T> {
  if (await services.limiter.isExhausted(FEEDBACK_PER_IP, ip)) throw new ApiError(Ret.TooManyFeedback, RetMessage.TooManyFeedback);
  const stored = await store();
  await services.limiter.record(FEEDBACK_PER_IP, ip);
  return stored;
}

/**
 * A play feedback: its choices checked (9010 请选择 + the section title in the caller's script, 9011 an option not
 * offered or a description too long or with control characters), stored and counted against the address.
 */
export async function collectPlayFeedback(services: FeedbackServices, row: PlayFeedbackRow, language: 'zh-CN' | 'zh-TW'): Promise<FeedbackReceipt> {
  const problem = feedbackPayloadProblem({ ...row, fromApp: row.fromApp !== '' });
  if (problem?.kind === 'missing') throw new ApiError(Ret.FeedbackSelectionMissing, missingSelectionMessage(problem.section, language));
  if (problem?.kind === 'invalid') throw invalid(problem.message);
  return { id: await limited(services, row.ip, () => insertPlayFeedback(services.db, row)) };
}

/** A suggestion: 1001 请输入反馈内容 when empty, 9011 too long or with control characters; stored and counted. */
export async function addSuggestion(
  services: FeedbackServices,
  suggestion: { uid: number | null; deviceId: string; ip: string; content: string; contact: string; at: Date },
): Promise<FeedbackReceipt> {
  const problem = suggestionProblem(suggestion.content, suggestion.contact);
  if (problem === FeedbackTexts.suggestionEmpty) throw new ApiError(Ret.MissingParam, problem);
  if (problem !== null) throw invalid(problem);
  const row = { ...suggestion, content: suggestion.content.trim(), contact: suggestion.contact.trim() };
  return { id: await limited(services, row.ip, () => insertSuggestion(services.db, row)) };
}
