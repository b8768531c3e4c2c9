import { Button, DatePicker, Form, Image, Input, Modal, Switch, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import type { ConsoleAd } from '../core/admin-ads/admin-ads-protocol.ts';
import { ConsoleAdTexts } from '../core/admin-ads/admin-ads-texts.ts';
import { useViewModel } from '../ui/app/container-context.tsx';
import type { AdsViewModel } from './ads-view-model.ts';
import { FormFooter } from './console-form.tsx';
import { formatTime } from './console-format.ts';
import { AdsVM } from './console-tokens.ts';

const schedule = (ad: ConsoleAd) => (ad.startsAt === null && ad.endsAt === null ? ConsoleAdTexts.always : `${ad.startsAt === null ? '…' : formatTime(ad.startsAt)} – ${ad.endsAt === null ? '…' : formatTime(ad.endsAt)}`);

/** 广告: the start, pause, inserted and barrage ads, each switched on or off, edited, with its shows and clicks. */
export const AdsScreen = observer(function AdsScreen() {
  const vm = useViewModel(AdsVM);
  useEffect(() => vm.opened(), [vm]);
  return (
    <>
      <Table<ConsoleAd>
        rowKey="id"
        loading={vm.loading}
        dataSource={vm.ads}
        pagination={false}
        columns={[
          { title: ConsoleAdTexts.position, key: 'position', render: (_, ad) => vm.positionName(ad), width: 80 },
          { title: ConsoleAdTexts.picture, dataIndex: 'showURL', render: (url: string) => <Image src={url} width={96} height={54} className="console-ads__picture" />, width: 120 },
          { title: ConsoleAdTexts.title, dataIndex: 'title' },
          { title: ConsoleAdTexts.link, dataIndex: 'linkURL', ellipsis: true },
          { title: ConsoleAdTexts.schedule, key: 'schedule', render: (_, ad) => schedule(ad), width: 180 },
          { title: ConsoleAdTexts.views, dataIndex: 'views', width: 70 },
          { title: ConsoleAdTexts.tracks, dataIndex: 'tracks', width: 70 },
          {
            title: ConsoleAdTexts.enabled,
            key: 'enabled',
            width: 80,
            render: (_, ad) => <Switch checked={ad.enabled} onChange={(on) => void vm.enabledToggled(ad, on)} data-testid="console-ad-enabled" />,
          },
          {
            title: '',
            key: 'edit',
            width: 80,
            render: (_, ad) => (
              <Button size="small" onClick={() => vm.editTapped(ad)} data-testid="console-ad-edit">
                {ConsoleAdTexts.edit}
              </Button>
            ),
          },
        ]}
      />
      <EditAd vm={vm} />
    </>
  );
});

const EditAd = observer(function EditAd({ vm }: { vm: AdsViewModel }) {
  const { form } = vm;
  const range: [Dayjs, Dayjs] | null = form.startsAt !== null && form.endsAt !== null ? [dayjs(form.startsAt), dayjs(form.endsAt)] : null;
  return (
    <Modal open={vm.editing !== null} title={ConsoleAdTexts.edit} onCancel={vm.editClosed} footer={null} destroyOnHidden>
      <Form layout="vertical" onFinish={() => void vm.editSubmitted()}>
        <Form.Item label={ConsoleAdTexts.title}>
          <Input value={form.title} onChange={(event) => vm.titleChanged(event.target.value)} data-testid="console-ad-title" />
        </Form.Item>
        <Form.Item label={ConsoleAdTexts.link}>
          <Input value={form.linkURL} onChange={(event) => vm.linkChanged(event.target.value)} data-testid="console-ad-link" placeholder="https://" />
        </Form.Item>
        <Form.Item label={ConsoleAdTexts.schedule}>
          <DatePicker.RangePicker
            showTime
            value={range}
            onChange={(values) => vm.scheduleChanged(values?.[0] && values[1] ? [values[0].valueOf(), values[1].valueOf()] : null)}
          />
        </Form.Item>
        <FormFooter error={vm.formError} errorTestId="console-ad-error" submit={ConsoleAdTexts.save} submitTestId="console-ad-save" busy={vm.busy} onCancel={vm.editClosed} />
      </Form>
    </Modal>
  );
});
