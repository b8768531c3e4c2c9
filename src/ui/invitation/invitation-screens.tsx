import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import type { Invitee } from '../../core/invitation/invitation-protocol.ts';
import { useViewModel } from '../app/container-context.tsx';
import { Avatar, TimeLabel } from '../common/display.tsx';
import { PagedListView } from '../common/list/paged-list-view.tsx';
import { NavBar } from '../common/nav-bar.tsx';
import { QrCode } from '../common/qr-code.tsx';
import { InputInvitationCodeModel, InvitationModel, type InvitationViewModel, type PosterContent } from './invitation-view-models.ts';
import '../common/rows.css';
import './invitation.css';

function LoginFirst({ title, onLogin }: { title: string; onLogin: () => void }) {
  return (
    <div className="page">
      <NavBar title={title} />
      <div className="account-form">
        <p>登录后才能邀请好友</p>
        <button type="button" className="primary-button" onClick={onLogin}>去登录</button>
      </div>
    </div>
  );
}

/** The share poster as a card on the page (the PNG the user saves is drawn from the same content). */
function PosterCard({ poster }: { poster: PosterContent }) {
  return (
    <div className="invite-poster" data-testid="invite-poster">
      <p className="invite-poster__brand">{poster.brand}</p>
      <p className="invite-poster__headline">{poster.headline}</p>
      <div className="invite-poster__card">
        <p className="invite-poster__who">{poster.nickName ? `${poster.nickName} 邀请你加入` : '好友邀请你加入'}</p>
        <p className="invite-poster__label">邀请码</p>
        <p className="invite-poster__code">{poster.code}</p>
        {poster.link && <QrCode text={poster.link} size={148} label="邀请链接二维码" />}
        <p className="invite-poster__offer">{poster.offer}</p>
      </div>
    </div>
  );
}

/** The rendered poster, to be saved: long-press on a phone, or the download link. */
const SavedPoster = observer(function SavedPoster({ vm }: { vm: InvitationViewModel }) {
  if (vm.posterImage === '') return null;
  return (
    <div className="invite-saved" role="dialog" aria-label="保存海报" data-testid="invite-saved-poster">
      <div className="invite-saved__box">
        <img className="invite-saved__image" src={vm.posterImage} alt="邀请海报" />
        <p className="invite-saved__hint">长按图片保存到相册，或点击下载</p>
        <a className="primary-button" href={vm.posterImage} download={`奇遇视频邀请码-${vm.code}.png`}>下载图片</a>
        <button type="button" className="secondary-button" onClick={vm.posterClosed}>关闭</button>
      </div>
    </div>
  );
});

const renderInvitee = (vm: InvitationViewModel) =>
  function InviteeRow(invitee: Invitee) {
    return (
      <div key={invitee.userId} className="invitee-row" data-testid="invitee-row">
        <Avatar src={invitee.avatar} size={40} />
        <span className="invitee-row__text">
          <span className="invitee-row__name">{invitee.nickName}</span>
          <span className="invitee-row__time"><TimeLabel time={invitee.time} /></span>
        </span>
        <span className={`invitee-row__reward ${invitee.reward > 0 ? '' : 'invitee-row__reward--none'}`}>{vm.rewardLabel(invitee)}</span>
      </div>
    );
  };

const Invitation = observer(function Invitation({ vm }: { vm: InvitationViewModel }) {
  return (
    <>
      <section className="invite-head">
        <p className="invite-head__reward">{vm.rewardText}</p>
        <div className="invite-code">
          <span className="invite-code__label">我的邀请码</span>
          <span className="invite-code__value" data-testid="invite-code">{vm.code || '------'}</span>
          <button type="button" className="invite-code__copy" onClick={() => void vm.copyCodeTapped()} disabled={vm.code === ''}>复制</button>
        </div>
        <div className="invite-link">
          <span className="invite-link__value" data-testid="invite-link">{vm.link}</span>
          <button type="button" className="invite-code__copy" onClick={() => void vm.copyLinkTapped()} disabled={vm.link === ''}>复制链接</button>
        </div>
        <div className="invite-totals">
          <span><b data-testid="invite-count">{vm.totalsText.invited}</b>已邀请(人)</span>
          <span><b data-testid="invite-gold">{vm.totalsText.gold}</b>获得金币</span>
        </div>
      </section>
      {vm.canEnterCode && (
        <button type="button" className="account-row invite-enter" data-testid="invite-enter-code" onClick={vm.enterCodeTapped}>
          <span>有好友的邀请码？去填写</span>
          <span className="account-row__arrow" aria-hidden="true">›</span>
        </button>
      )}
      {vm.invitedByText && <p className="invite-by">{vm.invitedByText}</p>}
      <section className="invite-section" aria-label="分享海报">
        <h2 className="invite-section__title">分享海报</h2>
        {vm.code !== '' && <PosterCard poster={vm.poster} />}
        <button type="button" className="primary-button invite-save" onClick={() => void vm.savePosterTapped()} disabled={vm.code === '' || vm.posterRendering}>
          {vm.posterRendering ? '生成中…' : '保存海报'}
        </button>
      </section>
      <section className="invite-section" aria-label="活动规则">
        <h2 className="invite-section__title">活动规则</h2>
        <ol className="invite-rules">
          {vm.rules.map((rule) => <li key={rule}>{rule}</li>)}
        </ol>
      </section>
      <section className="invite-section" aria-label="我邀请的好友">
        <h2 className="invite-section__title">我邀请的好友（{vm.invitedCount}）</h2>
        <PagedListView model={vm.invitees} className="invitee-list" render={renderInvitee(vm)} emptyText="还没有邀请到好友，快去分享吧" />
      </section>
      <SavedPoster vm={vm} />
    </>
  );
});

/** /invitation — 邀请好友 (login required). */
export const InvitationScreen = observer(function InvitationScreen() {
  const vm = useViewModel(InvitationModel);
  useEffect(() => {
    void vm.shown();
  }, [vm, vm.loggedIn]);
  if (!vm.loggedIn) return <LoginFirst title="邀请好友" onLogin={vm.loginTapped} />;
  return (
    <div className="page invitation-page">
      <NavBar title="邀请好友" />
      {vm.failed && <p className="invite-by">加载失败，请稍后再试</p>}
      <Invitation vm={vm} />
    </div>
  );
});

/** /inputInvitationCode — 填写邀请码 (login required; once, within 7 days of registering). */
export const InputInvitationCodeScreen = observer(function InputInvitationCodeScreen() {
  const vm = useViewModel(InputInvitationCodeModel);
  useEffect(() => {
    void vm.shown();
  }, [vm, vm.loggedIn]);
  if (!vm.loggedIn) return <LoginFirst title="填写邀请码" onLogin={vm.loginTapped} />;
  return (
    <div className="page input-invitation-page">
      <NavBar title="填写邀请码" backTo="/invitation" />
      {vm.result ? (
        <div className="account-form invite-result" data-testid="invite-result">
          <p className="invite-result__gold">{vm.rewardText}</p>
          <p className="invite-result__text">{vm.resultText}</p>
          <button type="button" className="primary-button" onClick={vm.goldTapped}>查看我的金币</button>
        </div>
      ) : vm.closedText ? (
        <div className="account-form">
          <p className="invite-closed" data-testid="invite-closed">{vm.closedText}</p>
        </div>
      ) : (
        <form
          className="account-form"
          onSubmit={(event) => {
            event.preventDefault();
            void vm.submitTapped();
          }}
        >
          <p className="account-form__hint">新用户注册后7天内可填写一次好友的邀请码，填写后你和好友都能获得金币奖励。</p>
          <input
            className="account-input invite-input"
            name="inviteCode"
            aria-label="邀请码"
            placeholder="请输入好友的邀请码"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={16}
            value={vm.code}
            onChange={(event) => vm.codeChanged(event.target.value)}
          />
          {vm.error && <p className="invite-error" role="alert" data-testid="invite-error">{vm.error}</p>}
          <button type="submit" className="primary-button" disabled={!vm.canSubmit}>{vm.submitting ? '提交中…' : '提交'}</button>
        </form>
      )}
    </div>
  );
});
