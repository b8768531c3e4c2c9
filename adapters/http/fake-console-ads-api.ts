import { ConsoleAdCalls, ConsoleAdRet, type ConsoleAd } from '../../src/core/admin-ads/admin-ads-protocol.ts';
import { ConsoleAdTexts } from '../../src/core/admin-ads/admin-ads-texts.ts';
import type { ConsoleOperator } from '../../src/core/admin-operators/admin-operators-protocol.ts';
import { ConsoleAccessRet, CONSOLE_PAGES, type OperatorRole } from '../../src/core/shared-kernel/console-access.ts';
import { ConsoleAccessTexts } from '../../src/core/shared-kernel/console-access-texts.ts';
import { fail, fakeApi, ok } from './fake-api-kit.ts';
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
  record: (operator: ConsoleOperator, action: string, target: string, before: Record<string, unknown>, after: Record<string, unknown>) => void;
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
      const made: ConsoleAd = { id: nextId++, title: '', linkURL: '', enabled: true, startsAt: null, endsAt: null, views: 0, tracks: 0, ...ad };
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
  const audited = ({ enabled, title, linkURL, startsAt, endsAt }: ConsoleAd) => ({ enabled, title, linkURL, startsAt, endsAt });

  serve(ConsoleAdCalls.list, 'required', (_, __, call) => (editor(call) ? ok(state.ads.map((ad) => ({ ...ad }))) : FORBIDDEN));

  serve(ConsoleAdCalls.update, 'required', (input, _, call) => {
    const operator = editor(call);
    if (!operator) return FORBIDDEN;
    const startsAt = input.startsAt || null;
    const endsAt = input.endsAt || null;
    if (startsAt !== null && endsAt !== null && endsAt <= startsAt) return fail(ConsoleAdRet.BadSchedule, ConsoleAdTexts.badSchedule);
    const ad = state.ads.find((one) => one.id === input.id);
    if (!ad) return fail(ConsoleAdRet.NotFound, ConsoleAdTexts.notFound);
    const before = audited(ad);
    Object.assign(ad, { enabled: input.enabled === 1, title: input.title ?? ad.title, linkURL: input.linkURL ?? ad.linkURL, startsAt, endsAt });
    options.record(operator, 'ads.update', `ad:${ad.id}`, before, audited(ad));
    return ok({ ...ad });
  });

  return state;
}
