import { Button, Form, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import type { ListedOperator } from '../core/admin-operators/admin-operators-protocol.ts';
import { ConsoleTexts, OperatorTexts } from '../core/admin-operators/admin-operators-texts.ts';
import { OPERATOR_ROLES, type OperatorRole } from '../core/shared-kernel/console-access.ts';
import { useViewModel } from '../ui/app/container-context.tsx';
import { FormFooter } from './console-form.tsx';
import { formatTime } from './console-format.ts';
import { OperatorsVM } from './console-tokens.ts';
import type { OperatorsViewModel } from './operators-view-model.ts';

const ROLE_OPTIONS = OPERATOR_ROLES.map((role) => ({ value: role, label: OperatorTexts.roles[role] }));

/** 操作员 (owners): who may use the console, in which role; new ones, new passwords, disabling. */
export const OperatorsScreen = observer(function OperatorsScreen() {
  const vm = useViewModel(OperatorsVM);
  useEffect(() => vm.opened(), [vm]);
  return (
    <Space orientation="vertical" size="middle" className="console-page">
      <Button type="primary" onClick={vm.createTapped} data-testid="console-operator-new">
        {ConsoleTexts.newOperator}
      </Button>
      <Table<ListedOperator>
        rowKey="id"
        loading={vm.loading}
        dataSource={vm.operators}
        pagination={false}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 80 },
          { title: ConsoleTexts.name, dataIndex: 'name' },
          { title: ConsoleTexts.role, dataIndex: 'role', render: (role: OperatorRole) => vm.roleName(role), width: 120 },
          { title: ConsoleTexts.state, dataIndex: 'disabled', render: (disabled: boolean) => (disabled ? <Tag>{ConsoleTexts.disabledState}</Tag> : <Tag color="green">{ConsoleTexts.enabled}</Tag>), width: 100 },
          { title: ConsoleTexts.createdAt, dataIndex: 'createdAt', render: formatTime, width: 200 },
          {
            title: '',
            key: 'actions',
            width: 200,
            render: (_, row) =>
              row.disabled || row.name === vm.me ? null : (
                <Space>
                  <Button size="small" onClick={() => void vm.resetTapped(row.name)} data-testid="console-operator-reset">
                    {ConsoleTexts.resetPassword}
                  </Button>
                  <Button size="small" danger onClick={() => void vm.disableTapped(row.name)} data-testid="console-operator-disable">
                    {ConsoleTexts.disable}
                  </Button>
                </Space>
              ),
          },
        ]}
      />
      <CreateOperator vm={vm} />
      <Modal open={vm.shownPassword !== null} title={vm.shownPassword ? ConsoleTexts.passwordOnce(vm.shownPassword.operator.name) : ''} onOk={vm.passwordClosed} onCancel={vm.passwordClosed} okText={ConsoleTexts.close} okButtonProps={{ 'data-testid': 'console-operator-password-close' }} cancelButtonProps={{ hidden: true }}>
        <Typography.Paragraph copyable={{ text: vm.shownPassword?.password ?? '' }} data-testid="console-operator-password" className="console-operators__password">
          {vm.shownPassword?.password}
        </Typography.Paragraph>
        <Typography.Text type="secondary">{ConsoleTexts.passwordOnceHint}</Typography.Text>
      </Modal>
    </Space>
  );
});

const CreateOperator = observer(function CreateOperator({ vm }: { vm: OperatorsViewModel }) {
  return (
    <Modal open={vm.creating} title={ConsoleTexts.newOperator} onCancel={vm.createClosed} footer={null} destroyOnHidden>
      <Form layout="vertical" onFinish={() => void vm.createSubmitted()} requiredMark={false}>
        <Form.Item label={ConsoleTexts.name} name="name" rules={[{ required: true, whitespace: true, message: ConsoleTexts.nameRequired }]} extra={OperatorTexts.nameInvalid}>
          <Input data-testid="console-operator-name" value={vm.name} onChange={(event) => vm.nameChanged(event.target.value)} />
        </Form.Item>
        <Form.Item label={ConsoleTexts.role}>
          <Select data-testid="console-operator-role" options={ROLE_OPTIONS} value={vm.role} onChange={(value: OperatorRole) => vm.roleChanged(value)} className="console-operators__role" />
        </Form.Item>
        <Form.Item label={ConsoleTexts.passwordOptional}>
          <Input.Password autoComplete="new-password" value={vm.password} onChange={(event) => vm.passwordChanged(event.target.value)} />
        </Form.Item>
        <FormFooter error={vm.formError} errorTestId="console-operator-error" submit={ConsoleTexts.create} submitTestId="console-operator-create" busy={vm.busy} onCancel={vm.createClosed} />
      </Form>
    </Modal>
  );
});
