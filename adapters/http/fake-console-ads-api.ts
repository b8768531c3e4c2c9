import { ConsoleAdCalls, ConsoleAdRet, type ConsoleAd } from '../../src/core/admin-ads/admin-ads-protocol.ts';
import { ConsoleAdLimits, ConsoleAdTexts } from '../../src/core/admin-ads/admin-ads-texts.ts';
import { Ret } from '../../src/core/request/ret.ts';
import type { ConsoleOperator } from '../../src/core/admin-operators/admin-operators-protocol.ts';
import { ConsoleAccessRet, CONSOLE_PAGES, type OperatorRole } from '../../src/core/shared-kernel/console-access.ts';
import { ConsoleAccessTexts } from '../../src/core/shared-kernel/console-access-texts.ts';
import { fail, fakeApi, ok, refuse } from './fake-api-kit.ts';
import type { FakeHttp, FakeHttpCall } from './fake-http.ts';

/** The imitation's state, for tests to arrange and read. */
export interface FakeConsoleAdsState {
  readonly ads: ConsoleAd[];
  /** An ad as the seed makes one (on, no schedule, no counts). */
  addAd(ad: Pick<ConsoleAd, 'position' | 'showURL'> & Partial<ConsoleAd>): ConsoleAd;
}

export interface FakeConsoleAdsOptions {
  /** The signed-in operator of a call's browser (the console operators' fake: its state's callerOf), or null. */
  callerOf: (call: FakeHttpCall) => ConsoleOperator | null;
  /** Writes a change's audit row (the console operators' fake: its state's record). */
  record: (operator: ConsoleOperator, action: string, target: string, before: Record<string, unknown> | null, after: Record<string, unknown>) => void;
}

/** Whether the bytes start a JPG, PNG or WebP (the server reads the whole picture with sharp). */
function isPicture(bytes: Uint8Array): boolean {
  const text = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  const png = bytes[0] === 0x89 && text(1, 4) === 'PNG';
  const webp = text(0, 4) === 'RIFF' && text(8, 12) === 'WEBP';
  return jpeg || png || webp;
}

/**
 * An in-memory imitation of the reference server's console ad calls (admin-ads-protocol.ts; the contract suite
 * test/contract/console-ads-protocol.test.ts runs one suite against both), on the console operators' fake sessions.
 */
export function installFakeConsoleAdsApi(http: FakeHttp, options: FakeConsoleAdsOptions): FakeConsoleAdsState {
  let nextId = 1;
  const state: FakeConsoleAdsState = {
    ads: [],
    addAd(ad) {
      const made: ConsoleAd = { id: nextId++, title: '', linkURL: '', appPage: '', enabled: true, startsAt: null, endsAt: null, views: 0, tracks: 0, ...ad };
      state.ads.push(made);
      return made;
    },
  };
  const { serve } = fakeApi(http, {
    caller: (call) => options.callerOf(call)?.id ?? null,
    signedOut: fail(ConsoleAccessRet.SignInRequired, ConsoleAccessTexts.signInRequired),
  });
  const FORBIDDEN = fail(ConsoleAccessRet.Forbidden, ConsoleAccessTexts.forbidden);
  /** The call's operator when their role may change ads, else null. */
  const editor = (call: FakeHttpCall): ConsoleOperator | null => {
    const operator = options.callerOf(call);
    return operator && (CONSOLE_PAGES.ads as readonly OperatorRole[]).includes(operator.role) ? operator : null;
  };
  const audited = ({ position, showURL, enabled, title, linkURL, appPage, startsAt, endsAt }: ConsoleAd) => ({ position, showURL, enabled, title, linkURL, appPage, startsAt, endsAt });
  /** The pictures UploadPicture made here. */
  const pictures = new Set<string>();
  /** The change a form sends, or the refusal: its schedule, a picture not made here. */
  const changeOf = (input: { enabled: number; title?: string; linkURL?: string; appPage?: string; startsAt?: number; endsAt?: number }, showURL: string, before?: ConsoleAd) => {
    const startsAt = input.startsAt || null;
    const endsAt = input.endsAt || null;
    if (startsAt !== null && endsAt !== null && endsAt <= startsAt) throw refuse(ConsoleAdRet.BadSchedule, ConsoleAdTexts.badSchedule);
    if (showURL !== before?.showURL && !pictures.has(showURL)) throw refuse(ConsoleAdRet.PictureNotOurs, ConsoleAdTexts.pictureNotOurs);
    return { showURL, enabled: input.enabled === 1, title: input.title ?? before?.title ?? '', linkURL: input.linkURL ?? before?.linkURL ?? '', appPage: input.appPage ?? before?.appPage ?? '', startsAt, endsAt };
  };

  serve(ConsoleAdCalls.list, 'required', (_, __, call) => (editor(call) ? ok(state.ads.map((ad) => ({ ...ad }))) : FORBIDDEN));

  serve(ConsoleAdCalls.update, 'required', (input, _, call) => {
    const operator = editor(call);
    if (!operator) return FORBIDDEN;
    const ad = state.ads.find((one) => one.id === input.id);
    if (!ad) return fail(ConsoleAdRet.NotFound, ConsoleAdTexts.notFound);
    const change = changeOf(input, input.showURL ?? ad.showURL, ad);
    const before = audited(ad);
    Object.assign(ad, change);
    options.record(operator, 'ads.update', `ad:${ad.id}`, before, audited(ad));
    return ok({ ...ad });
  });

  serve(ConsoleAdCalls.create, 'required', (input, _, call) => {
    const operator = editor(call);
    if (!operator) return FORBIDDEN;
    const made = state.addAd({ position: input.position as ConsoleAd['position'], ...changeOf(input, input.showURL) });
    options.record(operator, 'ads.create', `ad:${made.id}`, null, audited(made));
    return ok({ ...made });
  });

  serve(ConsoleAdCalls.uploadPicture, 'required', (_, __, call) => {
    if (!editor(call)) return FORBIDDEN;
    const bytes = call.bytes;
    if (bytes === null) return fail(Ret.BadParam, '参数格式错误：body');
    if (bytes.length > ConsoleAdLimits.maxPictureBytes) return fail(ConsoleAdRet.BadPicture, ConsoleAdTexts.pictureTooLarge);
    if (!isPicture(bytes)) return fail(ConsoleAdRet.BadPicture, ConsoleAdTexts.pictureInvalid);
    const showURL = `/media/ads/fake-picture-${String(pictures.size + 1).padStart(12, '0')}.jpg`;
    pictures.add(showURL);
    return ok({ showURL });
  });

  return state;
}
