import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { GoldTexts } from '../../core/gold/gold-texts.ts';
import { useViewModel } from '../app/container-context.tsx';
import type { GoldGateProps } from '../common/player-slots.ts';
import { GoldGateModel } from './gold-gate-view-model.ts';
import './gold.css';

const GateView = observer(function GateView({ mediaKey, title, price, onUnlocked }: GoldGateProps) {
  const latest = useRef(onUnlocked);
  latest.current = onUnlocked;
  const vm = useViewModel(GoldGateModel, { mediaKey, price, unlocked: () => latest.current() });
  useEffect(() => {
    void vm.opened();
  }, [vm, vm.loggedIn]);
  return (
    <div className="gold-gate" role="dialog" aria-label="金币解锁" data-testid="gold-gate">
      {vm.coverUrl && <img className="gold-gate__cover" src={vm.coverUrl} alt="" aria-hidden="true" />}
      <div className="gold-gate__box">
        {title && <p className="gold-gate__title">{title}</p>}
        <p className="gold-gate__text">
          该视频需要<strong className="gold-gate__price" data-testid="gold-price">{vm.priceText}</strong>解锁
        </p>
        {vm.balanceText && <p className="gold-gate__balance" data-testid="gold-balance">{vm.balanceText}</p>}
        <button type="button" className="gold-gate__unlock" data-testid="gold-unlock" aria-busy={vm.unlocking} onClick={() => void vm.unlockTapped()}>
          {vm.buttonText}
        </button>
        {vm.refusal && (
          <p className="gold-gate__refusal" role="alert" data-testid="gold-refusal">
            {vm.refusal}
            <button type="button" className="gold-gate__earn" data-testid="gold-earn" onClick={vm.earnTapped}>
              {GoldTexts.earn}
            </button>
          </p>
        )}
      </div>
    </div>
  );
});

/** The paid video's lock over the player: price in gold, the balance and the unlock button. */
export function GoldGate(props: GoldGateProps) {
  return <GateView key={props.mediaKey} {...props} />;
}
