import { Alert, Button, Card, Form, Input } from 'antd';
import { observer } from 'mobx-react-lite';
import { ConsoleTexts } from '../core/admin-operators/admin-operators-texts.ts';
import { useViewModel } from '../ui/app/container-context.tsx';
import { SignInVM } from './console-tokens.ts';

/** /admin/login: the operator signs in (the image captcha once the server asks for it). */
export const SignInScreen = observer(function SignInScreen() {
  const vm = useViewModel(SignInVM);
  return (
    <div className="console-sign-in">
      <Card title={ConsoleTexts.signInTitle} className="console-sign-in__card">
        <Form layout="vertical" onFinish={() => void vm.submit()} requiredMark={false}>
          <Form.Item label={ConsoleTexts.name} name="name" rules={[{ required: true, whitespace: true, message: ConsoleTexts.nameRequired }]}>
            <Input autoComplete="username" data-testid="console-name" value={vm.name} onChange={(event) => vm.nameChanged(event.target.value)} />
          </Form.Item>
          <Form.Item label={ConsoleTexts.password} rules={[{ required: true, message: ConsoleTexts.passwordRequired }]} name="password">
            <Input.Password autoComplete="current-password" data-testid="console-password" value={vm.password} onChange={(event) => vm.passwordChanged(event.target.value)} />
          </Form.Item>
          {vm.captcha && (
            <Form.Item label={ConsoleTexts.captcha} name="captcha" rules={[{ required: true, message: ConsoleTexts.captchaRequired }]} extra={ConsoleTexts.captchaHint}>
              <div className="console-sign-in__captcha">
                <Input data-testid="console-captcha" value={vm.captchaCode} onChange={(event) => vm.captchaChanged(event.target.value)} />
                <img src={vm.captcha.image} alt={ConsoleTexts.captcha} data-testid="console-captcha-image" />
                <Button onClick={() => void vm.refreshCaptcha()}>{ConsoleTexts.refreshCaptcha}</Button>
              </div>
            </Form.Item>
          )}
          {vm.error && <Alert type="error" title={vm.error} showIcon data-testid="console-sign-in-error" className="console-sign-in__error" />}
          <Button type="primary" htmlType="submit" block loading={vm.busy} data-testid="console-sign-in">
            {ConsoleTexts.signIn}
          </Button>
        </Form>
      </Card>
    </div>
  );
});
