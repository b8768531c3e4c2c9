import { hasControlCharacters } from '../../src/core/feedback/feedback-rules.ts';
import { FeedbackCalls, FeedbackWireLimits } from '../../src/core/feedback/feedback-protocol.ts';
import { DEFAULT_ANDROID_VERSION } from '../../src/core/download/download-info.ts';
import { DownloadCalls } from '../../src/core/download/download-protocol.ts';
import type { AppServices } from '../app-services.ts';
import { badParam } from '../http/api-error.ts';
import type { ApiRouter } from '../http/api-router.ts';
import { envelope, ok } from '../http/envelope.ts';
import type { Params } from '../http/params.ts';
import { serve } from '../http/protocol-route.ts';
import { Ret, RetMessage } from '../http/ret.ts';
import { downloadInfo, placeholderFileName } from './download.ts';
import { addSuggestion, collectPlayFeedback, withinLength } from './feedback.ts';
import { placeholderApk } from './placeholder-apk.ts';
import { appReleases } from './support-repository.ts';

/** Lang 1 asks for Traditional Chinese (spec section 4). */
const LANG_TRADITIONAL = '1';
const DEVICE_ID_MAX = 64;
const APK_CONTENT_TYPE = 'application/vnd.android.package-archive';

/** The DeviceId common parameter, trimmed ('' when absent); 1002 when too long or holding control characters. */
function deviceIdOf(params: Params): string {
  const value = withinLength('DeviceId', (params.optionalString('DeviceId') ?? '').trim(), DEVICE_ID_MAX);
  if (hasControlCharacters(value)) throw badParam('DeviceId');
  return value;
}

/**
 * Play feedback (ProblemCollect), suggestions (AddSuggestion), the download info (GetDownloadUrl, path not in the
 * spec) and the Android package it links to (GET /download/qiyu-<version>.apk). All open to visitors.
 */
export function registerSupportRoutes(api: ApiRouter, services: AppServices): void {
  const { db, clock } = services;
  const { contextMax, fromMax, questionMax } = FeedbackWireLimits;

  serve(api, FeedbackCalls.problemCollect, 'optional', async ({ auth, input, params, request }) => {
    const language = params.optionalString('Lang') === LANG_TRADITIONAL ? 'zh-TW' : 'zh-CN';
    const text = (name: keyof typeof input, max: number): string => withinLength(name, input[name] ?? '', max);
    const fromApp = text('from', fromMax);
    const setName = text('setName', contextMax);
    const browser = text('browser', contextMax);
    const question = text('question', questionMax);
    const row = {
      uid: auth?.user.id ?? null,
      deviceId: deviceIdOf(params),
      ip: request.ip,
      gid: text('gid', contextMax),
      name: text('name', contextMax),
      videoTitle: text('videoTitle', contextMax),
      setName,
      browser,
      question,
      description: input.description ?? '',
      fromApp,
      at: new Date(clock.now()),
    };
    return ok(await collectPlayFeedback(services, row, language), RetMessage.FeedbackThanks);
  });

  serve(api, FeedbackCalls.addSuggestion, 'optional', async ({ auth, input, params, request }) => {
    const suggestion = { uid: auth?.user.id ?? null, deviceId: deviceIdOf(params), ip: request.ip, content: input.content ?? '', contact: input.contact ?? '', at: new Date(clock.now()) };
    return ok(await addSuggestion(services, suggestion), RetMessage.SuggestionThanks);
  });

  serve(api, DownloadCalls.info, 'none', async ({ request }) => downloadInfo(await appReleases(db), `${request.protocol}://${request.host}`));

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
