import { Alert, Button, Space } from 'antd';
import { ConsoleTexts } from '../core/admin-operators/admin-operators-texts.ts';

/** The foot of a console dialog's form: the server's reason when it refused (`error`), then submit and 取消. */
export function FormFooter(props: { error: string; errorTestId: string; submit: string; submitTestId: string; busy: boolean; onCancel: () => void }) {
  return (
    <>
      {props.error && <Alert type="error" title={props.error} showIcon className="console-sign-in__error" data-testid={props.errorTestId} />}
      <Space>
        <Button type="primary" htmlType="submit" loading={props.busy} data-testid={props.submitTestId}>
          {props.submit}
        </Button>
        <Button onClick={props.onCancel}>{ConsoleTexts.cancel}</Button>
      </Space>
    </>
  );
}
