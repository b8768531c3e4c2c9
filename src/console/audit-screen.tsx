import { Button, Input, Result, Select, Space, Table } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import type { AuditPage } from '../core/admin-operators/admin-operators-protocol.ts';
import { ConsoleTexts } from '../core/admin-operators/admin-operators-texts.ts';
import { useViewModel } from '../ui/app/container-context.tsx';
import { formatChange, formatTime } from './console-format.ts';
import { AuditVM } from './console-tokens.ts';

type AuditRow = AuditPage['list'][number];

const ACTION_OPTIONS = Object.entries(ConsoleTexts.actions).map(([value, label]) => ({ value, label: `${label}（${value}）` }));

/** 审计日志: every change made in the console or by the operator command, the newest first, paged on the server. */
export const AuditScreen = observer(function AuditScreen() {
  const vm = useViewModel(AuditVM);
  useEffect(() => vm.opened(), [vm]);
  if (vm.forbidden) return <Result status="403" title={ConsoleTexts.forbidden} subTitle={ConsoleTexts.forbiddenHint} data-testid="console-forbidden" />;
  return (
    <Space orientation="vertical" size="middle" className="console-page">
      <Space wrap>
        <Select
          allowClear
          className="console-audit__action"
          data-testid="console-audit-action"
          placeholder={ConsoleTexts.actionFilter}
          options={ACTION_OPTIONS}
          value={vm.action || undefined}
          onChange={(value: string | undefined) => vm.actionChanged(value)}
        />
        <Input className="console-audit__operator" placeholder={ConsoleTexts.operatorFilter} value={vm.operatorId} onChange={(event) => vm.operatorIdChanged(event.target.value)} data-testid="console-audit-operator" />
        <Button type="primary" onClick={vm.searchTapped} data-testid="console-audit-search">
          {ConsoleTexts.search}
        </Button>
      </Space>
      <Table<AuditRow>
        rowKey="id"
        data-testid="console-audit"
        loading={vm.loading}
        dataSource={vm.page?.list ?? []}
        pagination={{ current: vm.pageNumber, pageSize: vm.pageSize, total: vm.page?.total ?? 0, showSizeChanger: true, onChange: vm.pageChanged }}
        columns={[
          { title: ConsoleTexts.at, dataIndex: 'at', render: formatTime, width: 190 },
          { title: ConsoleTexts.actor, dataIndex: 'actor', width: 160 },
          { title: ConsoleTexts.action, dataIndex: 'action', render: (action: string) => ConsoleTexts.actions[action] ?? action, width: 140 },
          { title: ConsoleTexts.target, dataIndex: 'target', width: 160 },
          {
            title: ConsoleTexts.change,
            key: 'change',
            render: (_, row) => <pre className="console-audit__change">{[formatChange(row.before), formatChange(row.after)].filter(Boolean).join('\n→\n')}</pre>,
          },
        ]}
      />
    </Space>
  );
});
