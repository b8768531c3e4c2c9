/** The operator console's ads (广告, ConsoleAdCalls): every ad with its counts, a change of one, a new one on an uploaded picture, audited. */
import type { AppServices } from '../app-services.ts';
import { recordAudit } from '../audit/audit-repository.ts';
import { ApiError } from '../http/api-error.ts';
import type { ApiRouter } from '../http/api-router.ts';
import { actorOf, serveConsole, serveConsoleBytes, type ConsoleGuard } from '../http/console-route.ts';
import { ConsoleAdCalls, ConsoleAdRet, type ConsoleAd } from '../../src/core/admin-ads/admin-ads-protocol.ts';
import { ConsoleAdTexts } from '../../src/core/admin-ads/admin-ads-texts.ts';
import { CONSOLE_PAGES } from '../../src/core/shared-kernel/console-access.ts';
import { findConsoleAd, insertConsoleAd, listConsoleAds, updateConsoleAd, type ConsoleAdChange, type ConsoleAdRow } from './ads-repository.ts';
import { isOurAdPicture, saveAdPicture } from './ad-pictures.ts';
import { mediaDirOf } from '../config.ts';
import type { AdPosition } from '../../src/core/ads/ads-protocol.ts';

function toWire(ad: ConsoleAdRow): ConsoleAd {
  return { ...ad, startsAt: ad.startsAt?.getTime() ?? null, endsAt: ad.endsAt?.getTime() ?? null };
}

/** What the audit log keeps of an ad: what the console changes. */
const audited = ({ position, showURL, enabled, title, linkURL, appPage, startsAt, endsAt }: ConsoleAd) => ({ position, showURL, enabled, title, linkURL, appPage, startsAt, endsAt });

export function registerConsoleAdsRoutes(api: ApiRouter, services: AppServices, guard: ConsoleGuard): void {
  const { db, clock } = services;
  const mediaDir = mediaDirOf(services.config);

  /** The change a form sends, its schedule checked; a new picture must be one made here. */
  async function changeOf(input: { enabled: number; title?: string | undefined; linkURL?: string | undefined; appPage?: string | undefined; startsAt?: number | undefined; endsAt?: number | undefined }, showURL: string, before?: ConsoleAdRow): Promise<ConsoleAdChange> {
    const startsAt = input.startsAt ? new Date(input.startsAt) : null;
    const endsAt = input.endsAt ? new Date(input.endsAt) : null;
    if (startsAt && endsAt && endsAt.getTime() <= startsAt.getTime()) throw new ApiError(ConsoleAdRet.BadSchedule, ConsoleAdTexts.badSchedule);
    if (showURL !== before?.showURL && !(await isOurAdPicture(mediaDir, showURL))) throw new ApiError(ConsoleAdRet.PictureNotOurs, ConsoleAdTexts.pictureNotOurs);
    return {
      showURL,
      enabled: input.enabled === 1,
      title: input.title ?? before?.title ?? '',
      linkURL: input.linkURL ?? before?.linkURL ?? '',
      appPage: input.appPage ?? before?.appPage ?? '',
      startsAt,
      endsAt,
    };
  }

  serveConsole(api, guard, ConsoleAdCalls.list, CONSOLE_PAGES.ads, async () => (await listConsoleAds(db)).map(toWire));

  serveConsole(api, guard, ConsoleAdCalls.update, CONSOLE_PAGES.ads, async ({ caller, input }) => {
    const at = new Date(clock.now());
    const current = await findConsoleAd(db, input.id);
    if (!current) throw new ApiError(ConsoleAdRet.NotFound, ConsoleAdTexts.notFound);
    const change = await changeOf(input, input.showURL ?? current.showURL, current);
    const after = await db.transaction(async (tx) => {
      const before = await findConsoleAd(tx, input.id);
      if (!before) return null;
      const changed = await updateConsoleAd(tx, input.id, change);
      await recordAudit(tx, actorOf(caller), { action: 'ads.update', target: `ad:${input.id}`, before: audited(toWire(before)), after: audited(toWire(changed)) }, at);
      return changed;
    });
    if (!after) throw new ApiError(ConsoleAdRet.NotFound, ConsoleAdTexts.notFound);
    return toWire(after);
  });

  serveConsole(api, guard, ConsoleAdCalls.create, CONSOLE_PAGES.ads, async ({ caller, input }) => {
    const change = await changeOf(input, input.showURL);
    const at = new Date(clock.now());
    const made = await db.transaction(async (tx) => {
      const ad = await insertConsoleAd(tx, input.position as AdPosition, change);
      await recordAudit(tx, actorOf(caller), { action: 'ads.create', target: `ad:${ad.id}`, before: null, after: audited(toWire(ad)) }, at);
      return ad;
    });
    return toWire(made);
  });

  serveConsoleBytes(api, guard, ConsoleAdCalls.uploadPicture, CONSOLE_PAGES.ads, async ({ input, body }) => ({
    showURL: await saveAdPicture(mediaDir, input.position as AdPosition, body),
  }));
}
