/** The operator console's words for ingest and transcoding (素材与转码). */
export const ConsoleMediaTexts = {
  page: '素材转码',
  upload: '上传素材',
  uploading: '上传中',
  resume: '继续上传',
  pickFile: '选择视频文件',
  accept: '支持 mp4、mov、mkv、webm，单个文件不超过',
  states: { queued: '排队中', probing: '检查中', transcoding: '转码中', ready: '已完成', failed: '失败', cancelled: '已取消' },
  allStates: '全部状态',
  file: '文件',
  size: '大小',
  state: '状态',
  progress: '进度',
  duration: '时长',
  resolution: '分辨率',
  rungs: '清晰度',
  uploadedBy: '上传者',
  createdAt: '上传时间',
  cancel: '取消',
  retry: '重试',
  cancelled: '已取消',
  retried: '已重新排队',
  errorTail: '转码输出',
  notFound: '素材不存在',
  tooLarge: (limit: string) => `文件不能超过${limit}`,
  quotaFull: '存储空间不足，请先清理素材后再上传',
  notVideoFile: '不是视频文件（只支持 mp4、mov、mkv、webm）',
  chunkRefused: '分片有误，请重新上传',
  incomplete: '文件尚未上传完整',
  notCancellable: '该任务已结束，无法取消',
  notRetryable: '只有失败的任务可以重试',
  noTools: '本机未找到 ffmpeg，无法转码：请安装 ffmpeg 或设置 FFMPEG_PATH 和 FFPROBE_PATH 后重启服务。上传的素材会排队，等有 ffmpeg 的转码进程处理。',
  uploadFailed: '上传失败，请检查网络后继续上传',
  uploaded: '上传完成，已加入转码队列',
  interrupted: '转码进程中断次数过多',
  storage: '存储',
} as const;

/** Limits of ingest the console and the server share. */
export const ConsoleMediaLimits = {
  /** Bytes per chunk of a source (the last chunk may be shorter). */
  chunkSize: 8 * 1024 * 1024,
  /** Default largest source: 4 GB (SOURCE_MAX_BYTES). */
  defaultMaxSourceBytes: 4 * 1024 * 1024 * 1024,
  maxFileName: 200,
} as const;
