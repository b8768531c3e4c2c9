/** The operator console's ads (广告, ConsoleAdCalls): every ad with its counts, and a change of one, audited. */
import type { AppServices } from '../app-services.ts';
import { recordAudit } from '../audit/audit-repository.ts';
import { ApiError } from '../http/api-error.ts';
import type { ApiRouter } from '../http/api-router.ts';
import { actorOf, serveConsole, type ConsoleGuard } from '../http/console-route.ts';
import { ConsoleAdCalls, ConsoleAdRet, type ConsoleAd } from '../../src/core/admin-ads/admin-ads-protocol.ts';
import { ConsoleAdTexts } from '../../src/core/admin-ads/admin-ads-texts.ts';
import { CONSOLE_PAGES } from '../../src/core/shared-kernel/console-access.ts';
import { findConsoleAd, listConsoleAds, updateConsoleAd, type ConsoleAdRow } from './ads-repository.ts';

function toWire(ad: ConsoleAdRow): ConsoleAd {
  return { ...ad, startsAt: ad.startsAt?.getTime() ?? null, endsAt: ad.endsAt?.getTime() ?? null };
}

/** What the audit log keeps of an ad: what the console changes. */
const audited = ({ enabled, title, linkURL, startsAt, endsAt }: ConsoleAd) => ({ enabled, title, linkURL, startsAt, endsAt });

export function registerConsoleAdsRoutes(api: ApiRouter, services: AppServices, guard: ConsoleGuard): void {
  const { db, clock } = services;

  serveConsole(api, guard, ConsoleAdCalls.list, CONSOLE_PAGES.ads, async () => (await listConsoleAds(db)).map(toWire));

  serveConsole(api, guard, ConsoleAdCalls.update, CONSOLE_PAGES.ads, async ({ caller, input }) => {
    const startsAt = input.startsAt ? new Date(input.startsAt) : null;
    const endsAt = input.endsAt ? new Date(input.endsAt) : null;
    if (startsAt && endsAt && endsAt.getTime() <= startsAt.getTime()) throw new ApiError(ConsoleAdRet.BadSchedule, ConsoleAdTexts.badSchedule);
    const at = new Date(clock.now());
    const after = await db.transaction(async (tx) => {
      const before = await findConsoleAd(tx, input.id);
      if (!before) return null;
      const changed = await updateConsoleAd(tx, input.id, {
        enabled: input.enabled === 1,
        title: input.title ?? before.title,
        linkURL: input.linkURL ?? before.linkURL,
        startsAt,
        endsAt,
      });
      await recordAudit(tx, actorOf(caller), { action: 'ads.update', target: `ad:${input.id}`, before: audited(toWire(before)), after: audited(toWire(changed)) }, at);
      return changed;
    });
    if (!after) throw new ApiError(ConsoleAdRet.NotFound, ConsoleAdTexts.notFound);
    return toWire(after);
  });
}
