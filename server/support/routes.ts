import {
  FeedbackLimits,
  FeedbackPaths,
  FeedbackTexts,
  feedbackPayloadProblem,
  hasControlCharacters,
  missingSelectionMessage,
  suggestionProblem,
  textLength,
} from '../../src/core/feedback/feedback-rules.ts';
import { DEFAULT_ANDROID_VERSION, DOWNLOAD_URL_PATH } from '../../src/core/download/download-info.ts';
import type { AppServices } from '../app-services.ts';
import { ApiError, badParam } from '../http/api-error.ts';
import type { ApiRouter } from '../http/api-router.ts';
import { envelope, ok } from '../http/envelope.ts';
import type { Params } from '../http/params.ts';
import { Ret, RetMessage } from '../http/ret.ts';
import type { RateLimitRule } from '../rate-limit/rate-limiter.ts';
import { downloadInfo, placeholderFileName } from './download.ts';
import { placeholderApk } from './placeholder-apk.ts';
import { appReleases, insertPlayFeedback, insertSuggestion } from './support-repository.ts';

const HOUR_MS = 60 * 60 * 1000;
/** Feedbacks (play feedback and suggestions together) one address may send in an hour. */
const FEEDBACK_PER_IP: RateLimitRule = { name: 'feedback:ip', max: 20, windowMs: HOUR_MS };
/** Lang 1 asks for Traditional Chinese (spec section 4). */
const LANG_TRADITIONAL = '1';
const DEVICE_ID_MAX = 64;
const FROM_MAX = 32;
const APK_CONTENT_TYPE = 'application/vnd.android.package-archive';

/** An optional bounded text parameter, trimmed ('' when absent); 1002 when too long or holding control characters. */
function boundedText(params: Params, name: string, max: number): string {
  const value = (params.optionalString(name) ?? '').trim();
  if (textLength(value) > max || hasControlCharacters(value)) throw badParam(name);
  return value;
}

function invalid(message: string): ApiError {
  return new ApiError(Ret.FeedbackInvalid, message);
}

/**
 * Play feedback (ProblemCollect), suggestions (AddSuggestion), the download info (GetDownloadUrl, path not in the
 * spec) and the Android package it links to (GET /download/qiyu-<version>.apk). All open to visitors.
 */
export function registerSupportRoutes(api: ApiRouter, services: AppServices): void {
  const { db, clock, limiter } = services;

  const limited = async (ip: string): Promise<void> => {
    if (await limiter.isExhausted(FEEDBACK_PER_IP, ip)) throw new ApiError(Ret.TooManyFeedback, RetMessage.TooManyFeedback);
  };

  api.get(FeedbackPaths.problemCollect, 'optional', async ({ auth, params, request }) => {
    const language = params.optionalString('Lang') === LANG_TRADITIONAL ? 'zh-TW' : 'zh-CN';
    const from = boundedText(params, 'from', FROM_MAX);
    const setName = boundedText(params, 'setName', FeedbackLimits.contextMax);
    const browser = boundedText(params, 'browser', FeedbackLimits.contextMax);
    const question = boundedText(params, 'question', FeedbackLimits.contextMax * 2);
    const description = (params.optionalString('description') ?? '').trim();
    const problem = feedbackPayloadProblem({ setName, browser, question, description, fromApp: from !== '' });
    if (problem?.kind === 'missing') throw new ApiError(Ret.FeedbackSelectionMissing, missingSelectionMessage(problem.section, language));
    if (problem?.kind === 'invalid') throw invalid(problem.message);
    const row = {
      uid: auth?.user.id ?? null,
      deviceId: boundedText(params, 'DeviceId', DEVICE_ID_MAX),
      ip: request.ip,
      gid: boundedText(params, 'gid', FeedbackLimits.contextMax),
      name: boundedText(params, 'name', FeedbackLimits.contextMax),
      videoTitle: boundedText(params, 'videoTitle', FeedbackLimits.contextMax),
      setName,
      browser,
      question,
      description,
      fromApp: from,
      at: new Date(clock.now()),
    };
    await limited(request.ip);
    const id = await insertPlayFeedback(db, row);
    await limiter.record(FEEDBACK_PER_IP, request.ip);
    return ok({ id }, RetMessage.FeedbackThanks);
  });

  api.get(FeedbackPaths.addSuggestion, 'optional', async ({ auth, params, request }) => {
    const content = params.optionalString('content') ?? '';
    const contact = params.optionalString('contact') ?? '';
    const problem = suggestionProblem(content, contact);
    if (problem === FeedbackTexts.suggestionEmpty) throw new ApiError(Ret.MissingParam, problem);
    if (problem !== null) throw invalid(problem);
    const deviceId = boundedText(params, 'DeviceId', DEVICE_ID_MAX);
    await limited(request.ip);
    const id = await insertSuggestion(db, {
      uid: auth?.user.id ?? null,
      deviceId,
      ip: request.ip,
      content: content.trim(),
      contact: contact.trim(),
      at: new Date(clock.now()),
    });
    await limiter.record(FEEDBACK_PER_IP, request.ip);
    return ok({ id }, RetMessage.SuggestionThanks);
  });

  api.get(DOWNLOAD_URL_PATH, 'none', async ({ request }) => downloadInfo(await appReleases(db), `${request.protocol}://${request.host}`));

  api.app.get<{ Params: { file: string } }>('/download/:file', async (request, reply) => {
    const android = (await appReleases(db)).find((release) => release.platform === 'android');
    const version = android?.version || DEFAULT_ANDROID_VERSION;
    // Served only while the release has no link of its own, and only under the current version's name.
    if ((android?.url ?? '') !== '' || request.params.file !== placeholderFileName(version)) {
      return reply.code(404).send(envelope(Ret.DownloadNotFound, RetMessage.DownloadNotFound, null));
    }
    const body = placeholderApk(version);
    return reply
      .header('content-type', APK_CONTENT_TYPE)
      .header('content-disposition', `attachment; filename="${placeholderFileName(version)}"`)
      .header('content-length', body.length)
      .header('cache-control', 'public, max-age=3600')
      .header('x-content-type-options', 'nosniff')
      .send(body);
  });
}
