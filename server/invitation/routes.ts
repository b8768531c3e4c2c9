import { InvitationCalls } from '../../src/core/invitation/invitation-protocol.ts';
import { InvitationTexts } from '../../src/core/invitation/invitation-texts.ts';
import { InvitationRules, normalizeInviteCode, type EntryRefusal } from '../../src/core/invitation/invitation-rules.ts';
import type { AppServices } from '../app-services.ts';
import { ApiError } from '../http/api-error.ts';
import type { ApiRouter } from '../http/api-router.ts';
import { ok } from '../http/envelope.ts';
import { serve } from '../http/protocol-route.ts';
import { Ret } from '../http/ret.ts';
import type { RateLimitRule } from '../rate-limit/rate-limiter.ts';
import { ensureInviteCode, enterInvitationCode, inviteeStatus, inviterTotals, invitees } from './invitation-repository.ts';

const HOUR = 60 * 60 * 1000;

/**
 * Codes are short enough to guess: entries (every one, whatever its answer) are counted per account and per address
 * before anything is looked up, atomically, so parallel guesses cannot slip past. An honest user needs one or two.
 */
const INVITE_ENTRIES_PER_USER: RateLimitRule = { name: 'invite-entry:user', max: 10, windowMs: HOUR };
const INVITE_ENTRIES_PER_IP: RateLimitRule = { name: 'invite-entry:ip', max: 30, windowMs: HOUR };

const REFUSALS: Record<EntryRefusal, () => ApiError> = {
  'already': () => new ApiError(Ret.InviteAlreadyEntered, InvitationTexts.AlreadyEntered),
  'too-late': () => new ApiError(Ret.InviteWindowClosed, InvitationTexts.WindowClosed),
  'not-found': () => new ApiError(Ret.InviteCodeNotFound, InvitationTexts.CodeNotFound),
  'own': () => new ApiError(Ret.InviteOwnCode, InvitationTexts.OwnCode),
  'circle': () => new ApiError(Ret.InviteCircle, InvitationTexts.Circle),
};

/** Invitations (invitation-protocol.ts): the caller's code and totals, their invitees, entering a code. */
export function registerInvitationRoutes(api: ApiRouter, services: AppServices): void {
  const { db, clock, limiter } = services;

  /** The caller's code (made on the first ask), the rewards, the totals and whether the caller may still enter one. */
  serve(api, InvitationCalls.info, 'required', async ({ auth }) => {
    const userId = auth.user.id;
    const code = await ensureInviteCode(db, userId);
    return {
      code,
      ...(await inviterTotals(db, userId)),
      inviterReward: InvitationRules.inviterReward,
      inviteeReward: InvitationRules.inviteeReward,
      windowDays: InvitationRules.entryDays,
      dailyRewardLimit: InvitationRules.dailyRewardLimit,
      invitee: await inviteeStatus(db, userId, auth.user.createdAt.getTime(), clock.now()),
    };
  });

  /** The caller's own invitees, newest first, paged. */
  serve(api, InvitationCalls.invitees, 'required', ({ auth, input: { page, pageSize } }) => invitees(db, auth.user.id, page, pageSize));

  /** Enters a code: counted per account and address first, then decided and rewarded in one transaction. */
  serve(api, InvitationCalls.enter, 'required', async ({ auth, input, request }) => {
    if (normalizeInviteCode(input.inviteCode) === '') throw new ApiError(Ret.MissingParam, InvitationTexts.CodeMissing);
    const withinUser = await limiter.take(INVITE_ENTRIES_PER_USER, String(auth.user.id));
    const withinAddress = await limiter.take(INVITE_ENTRIES_PER_IP, request.ip);
    if (!withinUser || !withinAddress) throw new ApiError(Ret.TooManyAttempts, InvitationTexts.TooManyAttempts);
    const outcome = await enterInvitationCode(
      db,
      { id: auth.user.id, registeredAt: auth.user.createdAt.getTime(), nickName: auth.user.nickName || auth.user.userName },
      input.inviteCode,
      clock.now(),
    );
    if (outcome.kind === 'refused') throw REFUSALS[outcome.refusal]();
    return ok(outcome.entered, InvitationTexts.Entered);
  });
}
