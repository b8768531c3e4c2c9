import { Button, DatePicker, Form, Image, Input, Modal, Select, Space, Switch, Table, Upload } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { AD_APP_PAGES, type AdAppPage, type ConsoleAd, type ConsoleAdPosition as AdPosition } from '../core/admin-ads/admin-ads-protocol.ts';
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
      <Space className="console-ads__actions">
        <Button type="primary" onClick={vm.createTapped} data-testid="console-ad-new">{ConsoleAdTexts.create}</Button>
      </Space>
      <Table<ConsoleAd>
        rowKey="id"
        loading={vm.loading}
        dataSource={vm.ads}
        pagination={false}
        columns={[
          { title: ConsoleAdTexts.position, key: 'position', render: (_, ad) => vm.positionName(ad), width: 80 },
          { title: ConsoleAdTexts.picture, dataIndex: 'showURL', render: (url: string) => <Image src={url} width={96} height={54} className="console-ads__picture" />, width: 120 },
          { title: ConsoleAdTexts.title, dataIndex: 'title' },
          { title: ConsoleAdTexts.link, key: 'link', ellipsis: true, render: (_, ad) => ad.linkURL || vm.appPageName(ad) },
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

const POSITIONS: readonly AdPosition[] = ['kaiping', 'zanting', 'chaBo', 'danmu'];
const PICTURE_TYPES = 'image/jpeg,image/png,image/webp';

const EditAd = observer(function EditAd({ vm }: { vm: AdsViewModel }) {
  const { form } = vm;
  const range: [Dayjs, Dayjs] | null = form.startsAt !== null && form.endsAt !== null ? [dayjs(form.startsAt), dayjs(form.endsAt)] : null;
  return (
    <Modal open={vm.editing !== null} title={vm.title} onCancel={vm.editClosed} footer={null} destroyOnHidden>
      <Form layout="vertical" onFinish={() => void vm.editSubmitted()}>
        {vm.editing === 'new' && (
          <Form.Item label={ConsoleAdTexts.position}>
            <Select<AdPosition>
              value={vm.position}
              onChange={vm.positionChosen}
              options={POSITIONS.map((position) => ({ value: position, label: ConsoleAdTexts.positions[position] }))}
              data-testid="console-ad-position"
            />
          </Form.Item>
        )}
        <Form.Item label={ConsoleAdTexts.picture} extra={vm.pictureHint}>
          <Space align="start">
            {form.showURL !== '' && <Image src={form.showURL} width={96} className="console-ads__picture" data-testid="console-ad-picture" />}
            <Upload
              accept={PICTURE_TYPES}
              showUploadList={false}
              beforeUpload={(file) => {
                void vm.pictureChosen(file);
                return false;
              }}
            >
              <Button loading={vm.pictureBusy} data-testid="console-ad-picture-pick">{form.showURL === '' ? ConsoleAdTexts.pickPicture : ConsoleAdTexts.changePicture}</Button>
            </Upload>
          </Space>
        </Form.Item>
        <Form.Item label={ConsoleAdTexts.title}>
          <Input value={form.title} onChange={(event) => vm.titleChanged(event.target.value)} data-testid="console-ad-title" />
        </Form.Item>
        <Form.Item label={ConsoleAdTexts.link}>
          <Input value={form.linkURL} onChange={(event) => vm.linkChanged(event.target.value)} data-testid="console-ad-link" placeholder="https://" />
        </Form.Item>
        <Form.Item label={ConsoleAdTexts.appPage}>
          <Select<AdAppPage | ''>
            value={form.appPage}
            onChange={vm.appPageChosen}
            options={[{ value: '', label: ConsoleAdTexts.noAppPage }, ...AD_APP_PAGES.map((page) => ({ value: page, label: `${ConsoleAdTexts.appPages[page] ?? page}（${page}）` }))]}
            data-testid="console-ad-app-page"
          />
        </Form.Item>
        <Form.Item label={ConsoleAdTexts.enabled}>
          <Switch checked={form.enabled} onChange={vm.enabledChanged} data-testid="console-ad-form-enabled" />
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
