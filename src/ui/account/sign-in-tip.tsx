import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { SignInTip as SignInTipRule, SignInTipTexts } from '../../core/account/sign-in-tip.ts';
import { Navigator } from '../../core/ports/navigator.ts';
import { useContainer, useViewModel } from '../app/container-context.tsx';
import { SessionModel } from '../app/session-model.ts';
import { SignInTipViewModel } from './sign-in-tip-view-model.ts';
import './sign-in-tip.css';

/** The day's sign-in invitation (home, for a logged-in user not signed in today); checked again when the user changes. */
export const SignInTip = observer(function SignInTip() {
  const session = useContainer().get(SessionModel);
  const vm = useViewModel((c) => new SignInTipViewModel(c.get(SignInTipRule), c.get<Navigator>(Navigator)));
  const userKey = String(session.user?.id ?? '');
  useEffect(() => {
    void vm.check();
  }, [vm, userKey]);
  if (!vm.visible) return null;
  return (
    <div className="sign-in-tip" data-testid="sign-in-tip">
      <button type="button" className="sign-in-tip__body" onClick={vm.tipTapped}>
        <span className="sign-in-tip__text">{SignInTipTexts.text}</span>
        <span className="sign-in-tip__action">{SignInTipTexts.action} ›</span>
      </button>
      <button type="button" className="sign-in-tip__close" aria-label={SignInTipTexts.close} data-testid="sign-in-tip-close" onClick={vm.closeTapped}>
        ×
      </button>
    </div>
  );
});
