import { Button, Table, Tag } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import type { ConsoleSession } from '../core/admin-operators/admin-operators-protocol.ts';
import { ConsoleTexts } from '../core/admin-operators/admin-operators-texts.ts';
import { useViewModel } from '../ui/app/container-context.tsx';
import { formatTime } from './console-format.ts';
import { SessionsVM } from './console-tokens.ts';

/** 登录会话: where the operator is signed in; any of them can be ended. */
export const SessionsScreen = observer(function SessionsScreen() {
  const vm = useViewModel(SessionsVM);
  useEffect(() => vm.opened(), [vm]);
  return (
    <Table<ConsoleSession>
      rowKey="id"
      data-testid="console-sessions"
      loading={vm.loading}
      dataSource={vm.sessions}
      pagination={false}
      columns={[
        { title: ConsoleTexts.browser, dataIndex: 'userAgent', render: (agent: string, row) => <span>{agent || '—'} {row.current && <Tag color="blue">{ConsoleTexts.current}</Tag>}</span> },
        { title: ConsoleTexts.signedInAt, dataIndex: 'createdAt', render: formatTime, width: 200 },
        { title: ConsoleTexts.lastSeenAt, dataIndex: 'lastSeenAt', render: formatTime, width: 200 },
        {
          title: '',
          key: 'end',
          width: 100,
          render: (_, row) => (
            <Button danger size="small" data-testid="console-session-end" onClick={() => void vm.endTapped(row.id)}>
              {ConsoleTexts.endSession}
            </Button>
          ),
        },
      ]}
    />
  );
});
