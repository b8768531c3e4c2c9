import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useViewModel } from '../app/container-context.tsx';
import { NavBar } from '../common/nav-bar.tsx';
import { SignInModel } from './sign-in-view-model.ts';
import { SignInTexts } from '../../core/account/account-texts.ts';
import '../common/rows.css';
import './account.css';

export const SignInScreen = observer(function SignInScreen() {
  const vm = useViewModel(SignInModel);
  useEffect(() => {
    void vm.opened();
  }, [vm, vm.loggedIn]);
  useEffect(() => vm.watchVisibility(), [vm]);

  if (!vm.loggedIn) {
    return (
      <div className="page sign-in-page">
        <NavBar title="签到" />
        <div className="login-mask" role="dialog" aria-modal="true" data-testid="login-mask">
          <div className="login-mask__box">
            <p className="login-mask__text">{SignInTexts.loginPrompt}</p>
            <button type="button" className="primary-button" onClick={vm.loginTapped}>{SignInTexts.goLogin}</button>
          </div>
        </div>
      </div>
    );
  }
  const status = vm.status;
  return (
    <div className="page sign-in-page">
      <NavBar title="签到" />
      <section className="sign-in-head">
        <p className="sign-in-head__streak" data-testid="streak">{vm.streakText}</p>
        <p className="sign-in-head__gold" data-testid="gold">{vm.goldText}</p>
      </section>
      {vm.failed && (
        <button type="button" className="link-button" onClick={() => void vm.load()}>{SignInTexts.loadFailed}</button>
      )}
      {status && (
        <ol className="sign-in-week" aria-label="七日签到">
          {status.calendar.map((day) => (
            <li
              key={day.index}
              className={`sign-in-day ${day.signed ? 'sign-in-day--signed' : ''} ${day.today ? 'sign-in-day--today' : ''}`}
              data-signed={day.signed ? 'true' : 'false'}
            >
              <span>第{day.index}天</span>
              <span className="sign-in-day__coin">+{day.reward}</span>
              <span>{day.signed ? '已签' : day.today ? '今天' : '金币'}</span>
            </li>
          ))}
        </ol>
      )}
      {vm.rewardShown !== null && (
        <p className="sign-in-reward" data-testid="sign-in-reward" role="status">签到成功，获得{vm.rewardShown}金币</p>
      )}
      <p className="sign-in-hint">{vm.hintText}</p>
      <div className="sign-in-action">
        <button type="button" className="primary-button" data-testid="sign-in-button" disabled={!vm.canSign} onClick={() => void vm.signTapped()}>
          {vm.signing ? '签到中…' : vm.buttonText}
        </button>
      </div>
    </div>
  );
});
