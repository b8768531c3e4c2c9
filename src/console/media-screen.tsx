import { Alert, Button, Progress, Select, Space, Table, Tag, Upload } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { MEDIA_JOB_STATES, type MediaJob, type MediaJobState } from '../core/admin-media/admin-media-protocol.ts';
import { ConsoleMediaTexts } from '../core/admin-media/admin-media-texts.ts';
import { useViewModel } from '../ui/app/container-context.tsx';
import { formatTime } from './console-format.ts';
import { MediaVM } from './console-tokens.ts';
import { durationText, sizeText, type MediaViewModel } from './media-view-model.ts';

const STATE_COLORS: Readonly<Record<MediaJobState, string>> = {
  queued: 'default',
  probing: 'processing',
  transcoding: 'processing',
  ready: 'success',
  failed: 'error',
  cancelled: 'warning',
};

/** The containers a source may be (the server checks the content; the picker only suggests). */
const ACCEPT = '.mp4,.mov,.mkv,.webm,video/mp4,video/quicktime,video/x-matroska,video/webm';

/** 素材转码: upload a source, then watch its job: state, progress, the renditions made, the reason it failed. */
export const MediaScreen = observer(function MediaScreen() {
  const vm = useViewModel(MediaVM);
  useEffect(() => vm.opened(), [vm]);
  return (
    <Space direction="vertical" size="middle" className="console-media">
      {vm.noTools && <Alert type="warning" showIcon message={ConsoleMediaTexts.noTools} data-testid="console-media-no-tools" />}
      <UploadBox vm={vm} />
      <Space>
        <Select<MediaJobState | 'all'>
          value={vm.stateFilter ?? 'all'}
          style={{ width: 140 }}
          onChange={(value) => vm.stateFiltered(value === 'all' ? null : value)}
          options={[{ value: 'all', label: ConsoleMediaTexts.allStates }, ...MEDIA_JOB_STATES.map((state) => ({ value: state, label: ConsoleMediaTexts.states[state] }))]}
          data-testid="console-media-state-filter"
        />
        <span className="console-media__storage">{vm.storageText}</span>
      </Space>
      <Table<MediaJob>
        rowKey="id"
        loading={vm.loading && vm.jobs.length === 0}
        dataSource={vm.jobs}
        pagination={{ current: vm.page, pageSize: vm.pageSize, total: vm.total, onChange: vm.pageChanged, showSizeChanger: true }}
        expandable={{
          rowExpandable: (job) => job.error !== '' || job.errorTail !== '',
          expandedRowRender: (job) => (
            <div className="console-media__error">
              <p>{job.error}</p>
              {job.errorTail !== '' && <pre aria-label={ConsoleMediaTexts.errorTail}>{job.errorTail}</pre>}
            </div>
          ),
        }}
        onRow={(job) => ({ 'data-testid': 'console-media-job', 'data-state': job.state } as React.HTMLAttributes<HTMLElement>)}
        columns={[
          { title: ConsoleMediaTexts.file, dataIndex: 'fileName', ellipsis: true },
          { title: ConsoleMediaTexts.size, key: 'size', width: 100, render: (_, job) => sizeText(job.sizeBytes) },
          {
            title: ConsoleMediaTexts.state,
            key: 'state',
            width: 200,
            render: (_, job) => (
              <Space direction="vertical" size={2} style={{ width: '100%' }}>
                <Tag color={STATE_COLORS[job.state]} data-testid="console-media-state">{vm.stateText(job)}</Tag>
                {job.state === 'transcoding' && <Progress percent={job.percent} size="small" data-testid="console-media-percent" />}
                {job.state === 'failed' && <span className="console-media__reason" data-testid="console-media-reason">{job.error}</span>}
              </Space>
            ),
          },
          { title: ConsoleMediaTexts.duration, key: 'duration', width: 90, render: (_, job) => durationText(job.durationSeconds) },
          { title: ConsoleMediaTexts.resolution, key: 'resolution', width: 110, render: (_, job) => vm.resolutionText(job) },
          { title: ConsoleMediaTexts.rungs, key: 'rungs', render: (_, job) => <span data-testid="console-media-rungs">{job.rungs.join(' / ')}</span> },
          { title: ConsoleMediaTexts.uploadedBy, dataIndex: 'operatorName', width: 110 },
          { title: ConsoleMediaTexts.createdAt, key: 'createdAt', width: 170, render: (_, job) => formatTime(job.createdAt) },
          {
            title: '',
            key: 'actions',
            width: 90,
            render: (_, job) =>
              vm.canCancel(job) ? (
                <Button size="small" danger onClick={() => void vm.cancelTapped(job)} data-testid="console-media-cancel">{ConsoleMediaTexts.cancel}</Button>
              ) : vm.canRetry(job) ? (
                <Button size="small" onClick={() => void vm.retryTapped(job)} data-testid="console-media-retry">{ConsoleMediaTexts.retry}</Button>
              ) : null,
          },
        ]}
      />
    </Space>
  );
});

const UploadBox = observer(function UploadBox({ vm }: { vm: MediaViewModel }) {
  const upload = vm.upload;
  return (
    <div className="console-media__upload">
      <Upload.Dragger
        accept={ACCEPT}
        multiple={false}
        showUploadList={false}
        disabled={upload !== null}
        beforeUpload={(file) => {
          void vm.fileChosen(file);
          return false;
        }}
        data-testid="console-media-upload"
      >
        <p className="console-media__pick">{upload ? `${ConsoleMediaTexts.uploading}：${upload.fileName}` : ConsoleMediaTexts.pickFile}</p>
        <p className="console-media__hint">{vm.limitText}</p>
      </Upload.Dragger>
      {upload && <Progress percent={vm.uploadPercent} data-testid="console-media-upload-progress" />}
      {vm.uploadError !== '' && <Alert type="error" showIcon message={vm.uploadError} data-testid="console-media-upload-error" />}
    </div>
  );
});
