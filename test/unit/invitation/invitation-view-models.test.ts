import { describe, expect, it } from 'vitest';
import { installFakeInvitationApi } from '../../../adapters/http/fake-invitation-api.ts';
import { installFakeLoginApi } from '../../../adapters/http/fake-login-api.ts';
import { createHeadlessCore } from '../../../src/composition/headless.ts';
import { INVITE_CODE_KEY, InvitationService } from '../../../src/core/invitation/invitation-service.ts';
import { ApiClient } from '../../../src/core/request/api-client.ts';
import { SessionService } from '../../../src/core/session/session-service.ts';
import { UserSession } from '../../../src/core/shared-kernel/user-session.ts';
import { parseUser } from '../../../src/core/shared-kernel/user.ts';
import { SessionModel } from '../../../src/ui/app/session-model.ts';
import { InputInvitationCodeViewModel, InvitationViewModel, type PosterContent } from '../../../src/ui/invitation/invitation-view-models.ts';
import { RegisterViewModel } from '../../../src/ui/login/register-view-model.ts';

const DAY = 86_400_000;

function setup(path = '/invitation', query: Record<string, string> = {}) {
  const { container, world } = createHeadlessCore({ path, withFakeApi: false });
  world.navigator.replace(path, query);
  const login = installFakeLoginApi(world.http);
  const api = installFakeInvitationApi(world.http, {
    caller: (call) => {
      const uid = call.params['login_uid'] ?? call.body['login_uid'];
      return typeof uid === 'string' && uid !== '' ? Number(uid) : null;
    },
    now: () => world.clock.now(),
  });
  const session = container.get(UserSession);
  const model = new SessionModel(session);
  const service = new InvitationService(container.get(ApiClient), session, world.local, 'https://qiyu.example');
  const logIn = (id: number, nickName: string) => {
    const user = parseUser({ id, nickName, userNameRaw: `walker_${id}`, gold: 0, token: { uid: id, token: `tok${id}`, expire: 9_999_999_999, sign: 'ab' } });
    if (!user) throw new Error('bad user');
    session.signedIn(user);
    api.accounts.set(id, { nickName, avatar: '/a.png', registeredAt: world.clock.now() });
  };
  const posters: PosterContent[] = [];
  const invitation = new InvitationViewModel(model, service, world.clipboard, world.notifier, world.navigator, async (poster) => {
    posters.push(poster);
    return 'data:image/png;base64,AAAA';
  });
  const input = new InputInvitationCodeViewModel(model, service, world.navigator, world.notifier);
  return { world, api, login, container, session, service, logIn, invitation, input, posters };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('InvitationViewModel (/invitation)', () => {
  it('a visitor is sent to log in and comes back', async () => {
    const { invitation, world } = setup();
    await invitation.shown();
    invitation.loginTapped();
    expect(world.navigator.current()).toEqual({ path: '/login', query: { redirect: '/invitation' } });
  });

  it('shows the code, the link to /register, the totals and the rules; copies code and link', async () => {
    const { invitation, logIn, world } = setup();
    logIn(1, '小遇');
    expect(invitation.totalsText).toEqual({ invited: '–', gold: '–' });
    await invitation.shown();
    expect(invitation.code).toMatch(/^[A-Z2-9]{6}$/);
    expect(invitation.link).toBe(`https://qiyu.example/register?inviteCode=${invitation.code}`);
    expect(invitation.rewardText).toBe('每邀请1位好友注册，你得100金币，好友得50金币');
    expect(invitation.totalsText).toEqual({ invited: '0', gold: '0' });
    expect(invitation.rules.join('')).toContain('7天');
    expect(invitation.canEnterCode).toBe(true);
    await invitation.copyCodeTapped();
    expect(world.clipboard.text).toBe(invitation.code);
    expect(world.notifier.toasts.at(-1)?.message).toBe('邀请码已复制');
    await invitation.copyLinkTapped();
    expect(world.clipboard.text).toBe(invitation.link);
    invitation.enterCodeTapped();
    expect(world.navigator.current().path).toBe('/inputInvitationCode');
  });

  it('saves the poster: the brand, the inviter, the code and the link drawn as a PNG to show', async () => {
    const { invitation, logIn, posters } = setup();
    logIn(1, '小遇');
    await invitation.shown();
    await invitation.savePosterTapped();
    expect(posters[0]).toEqual({ brand: '奇遇视频', nickName: '小遇', headline: '邀请好友一起看', code: invitation.code, link: invitation.link, offer: '扫码注册，领50金币' });
    expect(invitation.posterImage).toBe('data:image/png;base64,AAAA');
    invitation.posterClosed();
    expect(invitation.posterImage).toBe('');
  });

  it('lists the invitees with their reward, and the totals', async () => {
    const { invitation, logIn, api, service } = setup();
    logIn(2, '新人');
    api.accounts.set(1, { nickName: '邀请人', avatar: '', registeredAt: 0 });
    api.codes.set(1, 'ABCDEF');
    expect(await service.enter('abc def')).toMatchObject({ ok: true });
    logIn(1, '邀请人');
    await invitation.shown();
    invitation.invitees.opened();
    await settle();
    expect(invitation.invitees.items.map((invitee) => [invitee.nickName, invitation.rewardLabel(invitee)])).toEqual([['新人', '+100金币']]);
    expect(invitation.totalsText).toEqual({ invited: '1', gold: '100' });
    expect(invitation.rewardLabel({ userId: 3, nickName: 'x', avatar: '', time: 0, reward: 0 })).toBe('已达奖励上限');
  });
});

describe('InputInvitationCodeViewModel (/inputInvitationCode)', () => {
  it('enters a friend’s code once: the reward shown, the stored gold updated; the page then says it was entered', async () => {
    const { input, logIn, api, session, world } = setup('/inputInvitationCode');
    api.accounts.set(1, { nickName: '邀请人', avatar: '', registeredAt: 0 });
    api.codes.set(1, 'ABCDEF');
    logIn(2, '新人');
    await input.shown();
    expect(input.closedText).toBe('');
    input.codeChanged('abcdef');
    expect(input.code).toBe('ABCDEF');
    await input.submitTapped();
    expect(input.rewardText).toBe('+50金币');
    expect(input.resultText).toBe('填写成功！好友「邀请人」的邀请奖励已到账');
    expect(session.user()?.gold).toBe(50);
    input.goldTapped();
    expect(world.navigator.current().path).toBe('/myGold');
    const again = setup('/inputInvitationCode');
    again.api.invitations.push({ inviter: 1, invitee: 2, inviterReward: 100, inviteeReward: 50, time: 0 });
    again.api.accounts.set(1, { nickName: '邀请人', avatar: '', registeredAt: 0 });
    again.logIn(2, '新人');
    await again.input.shown();
    expect(again.input.closedText).toBe('你已填写过好友「邀请人」的邀请码');
  });

  it('says each refusal: empty, wrong length, unknown, own code, past 7 days', async () => {
    const { input, logIn, api, world } = setup('/inputInvitationCode');
    logIn(2, '新人');
    api.codes.set(2, 'MYC2DE');
    await input.shown();
    expect(input.canSubmit).toBe(false);
    input.codeChanged('AB');
    await input.submitTapped();
    expect(input.error).toBe('请输入6位邀请码');
    input.codeChanged('ZZZZZZ');
    await input.submitTapped();
    expect(input.error).toBe('邀请码不存在');
    expect(world.notifier.toasts.at(-1)?.message).toBe('邀请码不存在');
    input.codeChanged('myc2de');
    await input.submitTapped();
    expect(input.error).toBe('不能填写自己的邀请码');
    world.clock.advance(8 * DAY);
    await input.shown();
    expect(input.closedText).toBe('注册超过7天，无法填写邀请码');
  });

  it('fills in the code an invitation link brought', async () => {
    const { input, logIn, world } = setup('/inputInvitationCode');
    world.local.set(INVITE_CODE_KEY, 'ABCDEF');
    logIn(2, '新人');
    await input.shown();
    expect(input.code).toBe('ABCDEF');
  });
});

describe('RegisterViewModel with an invitation link (/register?inviteCode=)', () => {
  it('fills in and remembers the code, and enters it for the new account once registered', async () => {
    const { container, world, api, service } = setup('/register', { inviteCode: 'abcdef' });
    api.accounts.set(1, { nickName: '邀请人', avatar: '', registeredAt: 0 });
    api.codes.set(1, 'ABCDEF');
    const register = new RegisterViewModel(container.get(SessionService), world.navigator, world.notifier, service);
    expect(register.inviteCode).toBe('ABCDEF');
    expect(world.local.get(INVITE_CODE_KEY)).toBe('ABCDEF');
    register.fieldChanged('userName', 'walker_9');
    register.fieldChanged('password', 'secret123');
    register.fieldChanged('confirmPassword', 'secret123');
    await register.submitTapped();
    expect(world.notifier.toasts.at(-1)?.message).toBe('注册成功，邀请奖励50金币已到账');
    expect(api.invitations).toHaveLength(1);
    expect(api.invitations[0]).toMatchObject({ inviter: 1, inviterReward: 100, inviteeReward: 50 });
    expect(world.local.get(INVITE_CODE_KEY)).toBeNull();
  });

  it('an invalid code in the link is not kept; registering without a code enters none', async () => {
    const { container, world, api, service } = setup('/register', { inviteCode: 'bad' });
    const register = new RegisterViewModel(container.get(SessionService), world.navigator, world.notifier, service);
    expect(register.inviteCode).toBe('');
    register.fieldChanged('userName', 'walker_8');
    register.fieldChanged('password', 'secret123');
    register.fieldChanged('confirmPassword', 'secret123');
    await register.submitTapped();
    expect(world.notifier.toasts.at(-1)?.message).toBe('注册成功');
    expect(api.invitations).toHaveLength(0);
  });
});
