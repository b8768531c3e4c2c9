import Tabs from 'antd-mobile/es/components/tabs';
import { observer } from 'mobx-react-lite';
import { maskText } from '../../core/display/mask.ts';
import { useEffect, useState } from 'react';
import { useBlocker } from 'react-router-dom';
import { pageTitle } from '../app/brand.ts';
import { useViewModel } from '../app/container-context.tsx';
import { Avatar } from '../common/display.tsx';
import { NavBar, useBackAction } from '../common/nav-bar.tsx';
import { VipShortcuts } from '../vip-redeem/vip-shortcuts.tsx';
import { PurchaseModel, type PurchaseMode, type PurchaseViewModel } from './purchase-view-model.ts';
import { PurchaseTexts } from '../../core/vip/vip-texts.ts';
import { BargainPanel, SharePanel } from './activity-panels.tsx';
import './purchase-screen.css';

/**
 * /openVip only: leaving towards /vip or /user asks first (unless the sale is closed here). react-router consults
 * only the newest blocker, so the guard mounts a tick after the screen: after the shell's own (open-app) blocker
 * even when the app starts on this page.
 */
function LeaveGuardLater({ vm }: { vm: PurchaseViewModel }) {
  const [armed, setArmed] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setArmed(true), 0);
    return () => window.clearTimeout(timer);
  }, []);
  return armed ? <LeaveGuard vm={vm} /> : null;
}

const LeaveGuard = observer(function LeaveGuard({ vm }: { vm: PurchaseViewModel }) {
  const blocker = useBlocker(({ nextLocation }) => vm.leaveFor(nextLocation.pathname).kind === 'confirm');
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let live = true;
    void vm.confirmLeave(vm.leaveFor(blocker.location.pathname)).then((leave) => {
      if (!live) return;
      if (leave) blocker.proceed();
      else blocker.reset();
    });
    return () => {
      live = false;
    };
  }, [vm, blocker]);
  return null;
});

const PurchaseScreen = observer(function PurchaseScreen({ mode }: { mode: PurchaseMode }) {
  const vm = useViewModel(PurchaseModel, { mode });
  const defaultBack = useBackAction();
  useEffect(() => vm.opened(), [vm]);
  useEffect(() => {
    if (mode === 'openVip') document.title = pageTitle(vm.title);
  }, [mode, vm.title]);
  const back = () => {
    if (!vm.backTapped()) defaultBack();
  };
  return (
    <div className={`page vip-page vip-page--${mode}`}>
      {mode === 'openVip' && <LeaveGuardLater vm={vm} />}
      {mode === 'vip' ? <h1 className="vip-page__title">{vm.title}</h1> : <NavBar title={vm.title} onBack={back} />}
      <Header vm={vm} />
      {mode !== 'giveVip' && <VipShortcuts />}
      <Body vm={vm} />
    </div>
  );
});

const Header = observer(function Header({ vm }: { vm: PurchaseViewModel }) {
  const user = vm.user;
  const line = vm.headerLine;
  return (
    <section className="vip-head" data-testid="vip-head">
      <Avatar src={user?.avatar} size={56} className="vip-head__avatar" />
      <div className="vip-head__text">
        <div className="vip-head__name">
          {user ? (
            <span data-testid="vip-nickname">{user.nickName}</span>
          ) : (
            <button type="button" className="vip-head__login" onClick={vm.loginTapped}>登录/注册</button>
          )}
          {user && (
            <span className={`vip-tag vip-tag--${vm.tagIndex}`} data-testid="vip-tag" aria-label={`VIP等级${vm.tagIndex}`}>
              {vm.tagIndex === 0 ? '普通用户' : `VIP${vm.tagIndex}`}
            </span>
          )}
        </div>
        <p className="vip-head__line" data-testid="vip-line">{line.text}</p>
        {vm.giftLine && <p className="vip-head__gift" data-testid="vip-gift">{vm.giftLine}</p>}
      </div>
      {vm.canShowDetails && (
        <button type="button" className="vip-head__details" onClick={vm.detailsTapped}>{PurchaseTexts.vipDetails}</button>
      )}
    </section>
  );
});

const Body = observer(function Body({ vm }: { vm: PurchaseViewModel }) {
  if (vm.status === 'loading') {
    return <div className="vip-box" role="status">{PurchaseTexts.loading}</div>;
  }
  if (vm.status === 'network' || vm.status === 'empty') {
    return (
      <div className="vip-box" data-testid="vip-box">
        <p>{vm.status === 'network' ? PurchaseTexts.networkError : PurchaseTexts.empty}</p>
        <button type="button" className="vip-box__refresh" onClick={() => void vm.load()}>{PurchaseTexts.refresh}</button>
      </div>
    );
  }
  if (vm.status === 'blocked') return <div className="vip-box" data-testid="vip-box" />;
  return (
    <>
      <Tabs className="vip-tabs" activeKey={String(vm.selection.tabIndex)} onChange={(key) => vm.tabTapped(Number(key))}>
        {vm.categories.map((category, index) => (
          <Tabs.Tab key={String(index)} title={category.name} />
        ))}
      </Tabs>
      {vm.activities && <SharePanel vm={vm.activities.share} />}
      {vm.bargain && vm.activities ? (
        <BargainPanel vm={vm.activities.bargain} packageId={vm.selectedPackage?.packageId ?? null} packagePrice={vm.bargainPackagePrice} />
      ) : (
        <ul className="vip-packages" aria-label="套餐">
          {vm.cards.map(({ pkg, selected, priceText, originalText }) => (
            <li key={pkg.packageId}>
              <button
                type="button"
                className={`vip-card ${selected ? 'vip-card--selected' : ''}`}
                aria-pressed={selected}
                data-testid="vip-package"
                onClick={() => vm.packageTapped(pkg.packageId)}
              >
                {pkg.promotions[0] && <span className="vip-card__promo">{pkg.promotions[0].title}</span>}
                <span className="vip-card__name">{pkg.name}</span>
                <span className="vip-card__days">
                  {PurchaseTexts.validity(pkg.validityDays)}
                  {pkg.giftDays > 0 && <em className="vip-card__gift">{PurchaseTexts.gift(pkg.giftDays)}</em>}
                </span>
                <span className="vip-card__price">{priceText}</span>
                {originalText !== null && <s className="vip-card__original">{originalText}</s>}
                {pkg.tags.length > 0 && (
                  <span className="vip-card__tags">
                    {pkg.tags.map((tag) => (
                      <span key={tag} className="vip-card__tag">{tag}</span>
                    ))}
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
      {vm.info.remark && <p className="vip-remark">{vm.info.remark}</p>}
      {vm.giftItem !== '' && <GiftAddress vm={vm} />}
      <section className="vip-methods" aria-label={PurchaseTexts.payMethods}>
        <h2 className="vip-methods__title">{PurchaseTexts.payMethods}</h2>
        <ul>
          {vm.payTypes.map((method) => {
            const selected = method.payType === vm.selection.payType;
            return (
              <li key={method.payType}>
                <button
                  type="button"
                  className={`vip-method ${selected ? 'vip-method--selected' : ''}`}
                  role="radio"
                  aria-checked={selected}
                  data-testid="vip-method"
                  onClick={() => vm.payTypeTapped(method.payType)}
                >
                  {method.img && <img className="vip-method__img" src={method.img} alt="" width={24} height={24} />}
                  <span className="vip-method__title">{method.title}</span>
                  <span className="vip-method__check" aria-hidden="true" />
                </button>
              </li>
            );
          })}
        </ul>
      </section>
      <p className="vip-terms">
        {PurchaseTexts.termsLead}
        <a
          href={`${vm.termsLink.path}?id=${vm.termsLink.query.id ?? ''}`}
          onClick={(event) => {
            event.preventDefault();
            vm.termsTapped();
          }}
        >
          {PurchaseTexts.terms}
        </a>
      </p>
      <div className="vip-total" data-testid="vip-total">
        <span className="vip-total__label">{PurchaseTexts.total}</span>
        <span className="vip-total__price">{vm.totalText}</span>
        <button type="button" className="vip-total__pay" disabled={vm.paying} onClick={() => void vm.payTapped()}>
          {vm.paying ? PurchaseTexts.paying : PurchaseTexts.pay}
        </button>
      </div>
    </>
  );
});

/** A package that ships a gift: the gift, and the address it goes to (tap to pick another, or add one). */
const GiftAddress = observer(function GiftAddress({ vm }: { vm: PurchaseViewModel }) {
  const address = vm.giftAddress;
  return (
    <section className="vip-gift" aria-label={PurchaseTexts.giftAddress}>
      <p className="vip-gift__item">
        <span className="vip-gift__tag">{PurchaseTexts.giftTag}</span>
        {vm.giftItem}
      </p>
      <button type="button" className="vip-gift__address" data-testid="gift-address" onClick={vm.giftAddressTapped}>
        {address === null ? (
          <span className="vip-gift__empty">{PurchaseTexts.chooseAddress}</span>
        ) : (
          <span className="vip-gift__chosen">
            <span className="vip-gift__person">
              {address.name} {maskText(address.phone)}
            </span>
            <span className="vip-gift__where">
              {address.region} {address.detail}
            </span>
          </span>
        )}
        <span className="vip-gift__arrow" aria-hidden="true">
          ›
        </span>
      </button>
    </section>
  );
});

export function VipScreen() {
  return <PurchaseScreen mode="vip" />;
}

export function OpenVipScreen() {
  return <PurchaseScreen mode="openVip" />;
}

export function GiveVipScreen() {
  return <PurchaseScreen mode="giveVip" />;
}
