import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { ShareStep } from '../../core/vip/share-activity.ts';
import { BargainType } from '../../core/vip/vip-codes.ts';
import { useViewModel } from '../app/container-context.tsx';
import { ActivityRulesModel, BargainHelpModel, euro, type BargainViewModel, type ShareViewModel } from './activity-view-model.ts';
import { ActivityTexts } from '../../core/vip/vip-texts.ts';
import './activity.css';

/** The bargain interface of a styleType 4 category. */
export const BargainPanel = observer(function BargainPanel({ vm, packageId, packagePrice }: { vm: BargainViewModel; packageId: number | null; packagePrice: number | null }) {
  const { status, info, overlay } = vm.snapshot;
  return (
    <section className="vip-bargain" data-testid="vip-bargain" aria-label="砍价活动">
      {packagePrice !== null && status === BargainType.None && <p className="vip-bargain__price">{euro(packagePrice)}</p>}
      {status === BargainType.None && (
        <button type="button" className="vip-bargain__join" onClick={() => void vm.joinTapped(packageId)}>{ActivityTexts.join}</button>
      )}
      {status === BargainType.Started && <p className="vip-bargain__state" data-testid="bargain-state">{ActivityTexts.started}</p>}
      {status === BargainType.Finished && (
        <>
          <p className="vip-bargain__state" data-testid="bargain-state">
            {ActivityTexts.bargained} <strong data-testid="bargain-price">{euro(info.price)}</strong>
          </p>
          <p className="vip-bargain__countdown">
            {ActivityTexts.countdown} <span data-testid="bargain-countdown">{vm.countdown}</span>
          </p>
          {info.price > 0 && <p className="vip-bargain__hint">{ActivityTexts.buyAtPrice}</p>}
        </>
      )}
      {status !== BargainType.None && info.url !== '' && (
        <div className="vip-bargain__link">
          <span data-testid="bargain-link">{info.url}</span>
          <button type="button" onClick={() => void vm.copyLinkTapped()}>{ActivityTexts.copyLink}</button>
        </div>
      )}
      {status === BargainType.Finished && (
        <div className="vip-bargain__actions">
          <button type="button" className="vip-bargain__abandon" onClick={() => void vm.abandonTapped()}>{ActivityTexts.abandon}</button>
          {vm.canClaim && (
            <button type="button" className="vip-bargain__claim" onClick={() => void vm.claimTapped()}>{ActivityTexts.confirmReceive}</button>
          )}
        </div>
      )}
      <ul className="vip-bargain__tips">
        {ActivityTexts.tips.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
      <a
        className="vip-bargain__rules"
        href="/activityRules"
        onClick={(event) => {
          event.preventDefault();
          vm.rulesTapped();
        }}
      >
        {ActivityTexts.rules}
      </a>
      {overlay && (
        <div className="vip-bargain__overlay" role="dialog" data-testid="bargain-overlay">
          <p>{ActivityTexts.received}</p>
        </div>
      )}
    </section>
  );
});

/** The share activity's three steps. */
export const SharePanel = observer(function SharePanel({ vm }: { vm: ShareViewModel }) {
  if (!vm.active || !vm.activity) return null;
  return (
    <section className="vip-share" data-testid="vip-share" aria-label={ActivityTexts.shareTitle}>
      <h2 className="vip-share__title">{vm.activity.qrCodeTitle || ActivityTexts.shareTitle}</h2>
      {vm.step === ShareStep.Share && (
        <>
          <p className="vip-share__text" data-testid="share-text">{vm.activity.shareText}</p>
          {vm.activity.qrCodeRemark && <p className="vip-share__remark">{vm.activity.qrCodeRemark}</p>}
          <div className="vip-share__actions">
            <button type="button" onClick={() => void vm.copyTapped()}>{ActivityTexts.copyShare}</button>
            <button type="button" onClick={() => void vm.confirmTapped()}>{ActivityTexts.confirmShared}</button>
          </div>
        </>
      )}
      {vm.step === ShareStep.Thanks && (
        <>
          <p className="vip-share__thanks" data-testid="share-thanks">{ActivityTexts.thanks}</p>
          <button type="button" onClick={vm.buyTapped}>{ActivityTexts.toBuy}</button>
        </>
      )}
      {vm.step === ShareStep.Buy && vm.granted !== null && vm.granted > 0 && (
        <p className="vip-share__discount" data-testid="share-discount">{ActivityTexts.shareDiscount(euro(vm.granted))}</p>
      )}
    </section>
  );
});

/** /activityRules: the stored recharge activity's rule text. */
export function ActivityRulesScreen() {
  const { rule } = useViewModel(ActivityRulesModel);
  return (
    <div className="page vip-rules-page">
      <h1 className="vip-rules-page__title">{ActivityTexts.rules}</h1>
      <div className="vip-rules-page__text" data-testid="activity-rules">
        {rule.split('\n').map((line, index) => (
          <p key={index}>{line}</p>
        ))}
      </div>
    </div>
  );
}

/** /bargainHelp?key=…: the help link a friend opens to cut the price. */
export const BargainHelpScreen = observer(function BargainHelpScreen() {
  const vm = useViewModel(BargainHelpModel);
  useEffect(() => {
    document.title = ActivityTexts.help;
  }, []);
  return (
    <div className="page vip-help-page">
      <h1 className="vip-rules-page__title">{ActivityTexts.help}</h1>
      {vm.result ? (
        <p className="vip-help-page__result" data-testid="help-result">{vm.result}</p>
      ) : (
        <button type="button" className="vip-bargain__join" disabled={vm.helping} onClick={() => void vm.helpTapped()}>
          {vm.loggedIn ? ActivityTexts.help : ActivityTexts.helpLogin}
        </button>
      )}
    </div>
  );
});
