import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { SignInTipTexts } from '../../core/account/account-texts.ts';
import { useViewModel } from '../app/container-context.tsx';
import { SignInTipModel } from './sign-in-tip-view-model.ts';
import './sign-in-tip.css';

/** The day's sign-in invitation (home, for a logged-in user not signed in today); checked again when the user changes. */
export const SignInTip = observer(function SignInTip() {
  const vm = useViewModel(SignInTipModel);
  const userKey = vm.userKey;
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
