/** The posting screens' own texts (the protocol's texts are in core/upload/upload-texts.ts, UploadTexts). */
export const PostingTexts = {
  publishTitle: '发布动态',
  publish: '发布',
  pickVideo: '选择视频',
  pickVideoHint: '点击选择视频',
  videoLimits: '支持MP4、MOV、WebM，不超过200MB、10分钟',
  readingVideo: '正在读取视频…',
  cover: '封面',
  chooseCover: '选封面',
  defaultCover: '默认第一帧',
  descriptionPlaceholder: '说点什么吧…',
  labels: '标签',
  labelsHint: '最多选择3个',
  labelsFailed: '标签加载失败，点击重试',
  location: '所在位置',
  remaining: (n: number) => `今日还可发布${n}条`,
  noneLeft: '今日发布次数已用完',
  pointFailed: '发布次数获取失败',
  coverFailed: '无法读取视频画面，请手动选择封面',
  leaveConfirm: '退出后已编辑的内容将不会保存，确定退出吗？',
  leaveTitle: '放弃发布',
  leave: '退出',
  stay: '继续编辑',
  cancelConfirm: '取消后已上传的内容将被丢弃，确定取消发布吗？',
  cancelTitle: '取消发布',
  cancelYes: '取消发布',
  cancelNo: '继续',
  cancelled: '已取消发布',
  uploadingHint: '请不要离开本页面',
  uploadStepVideo: '正在上传视频',
  uploadStepSave: '正在保存视频',
  uploadStepCover: '正在上传封面',
  uploadStepPost: '正在发布',
  // /selectVideoPreview and /previewDynamicVideo
  rePick: '重新选择',
  next: '下一步',
  noVideo: '还没有选择视频',
  goPick: '去选择视频',
  // /dynamicVideoAddPoster and /dynamicVideoEditPoster
  posterTitle: '选择封面',
  posterHint: '从视频中选一帧作为封面',
  pickFromAlbum: '从相册选择',
  framesLoading: '正在生成封面…',
  framesFailed: '无法读取视频画面，请从相册选择封面',
  editHint: '拖动或缩放图片调整封面',
  zoom: '缩放',
  done: '完成',
  cropping: '正在生成封面…',
  cropFailed: '封面生成失败，请换一张图片',
  imageFailed: '图片无法打开，请换一张图片',
  noPosterSource: '请先选择一张封面图片',
  goChoosePoster: '去选择封面',
  // /getUserLocation and /searchUserLocation
  hideLocation: '不显示位置',
  searchPlaceholder: '搜索地点',
  locating: '正在获取位置…',
  locationUnavailable: '暂时无法获取位置，请稍后重试或搜索地点',
  retryLocate: '重新定位',
  nearbyEmpty: '附近没有找到地点，试试搜索',
  searchHint: '输入地点名称搜索',
  searchEmpty: '没有找到相关地点',
  searchFailed: '搜索失败，请稍后重试',
  cancel: '取消',
  // /myDynamic and /dynamicDetail
  myPosts: '我的动态',
  myPostsEmpty: '还没有发布过动态',
  goPublish: '去发布',
  delete: '删除',
  like: '点赞',
  deleteTitle: '删除动态',
  deleteConfirm: '删除后无法恢复，确定删除这条动态吗？',
  deleted: '已删除',
  detailMissing: '动态不存在或已删除',
  detailFailed: '加载失败',
  retry: '重试',
  // discovery
  tabWorks: '作品',
  tabPosts: '动态',
  tabFollow: '关注',
  postsEmpty: '还没有人发布动态',
  followEmpty: '关注的人还没有发布动态',
  /** Someone's space, 动态 with no posts. */
  spacePostsEmpty: 'TA还没有发布过动态',
  followLogin: '登录后查看关注的人的动态',
  login: '去登录',
} as const;

/** Distance to a place as shown beside it: 350m, 1.2km, 25km. */
export function distanceText(metres: number | undefined): string {
  if (metres === undefined || !Number.isFinite(metres) || metres < 0) return '';
  if (metres < 1000) return `${Math.round(metres)}m`;
  if (metres < 10_000) return `${(metres / 1000).toFixed(1)}km`;
  return `${Math.round(metres / 1000)}km`;
}

/** A file size as shown under the picked video: 7.1MB, 820KB. */
export function sizeText(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)}MB`;
  return `${Math.max(1, Math.round(bytes / 1024))}KB`;
}
