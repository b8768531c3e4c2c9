/**
 * Video posts (dynamics) and their chunked upload: the calls, fields, codes, limits and texts shared by the app
 * and the reference server. The spec names the calls and fields; the upload paths, the resume call, the place
 * search and the limits are ours (docs/decisions.md, issue 10).
 */

export const UploadPaths = {
  publishPoint: '/api/User/GetPublishPoint',
  labels: '/api/Trends/GetLabel',
  createFile: '/api/User/CreateVideoFile',
  /** Decided: one chunk of the video, multipart (file, chunk, renamemode, prefix, chunks, uid, uniqueFileID). */
  videoChunk: '/api/User/UploadVideoChunk',
  /**
   * Decided: which chunks of an upload the server holds (resume): {received, chunks, fileName, complete}. When all
   * are held but the server had not assembled them (it stopped in between), asking assembles them, so the answer
   * says complete with the file name SaveVideo takes.
   */
  heldChunks: '/api/User/GetUploadedChunks',
  saveVideo: '/api/User/SaveVideo',
  /** Decided: one chunk of the cover image, multipart (formFile, chunk, chunks, uniqueFileID). */
  coverChunk: '/api/User/UploadCover',
  /** Decided: the reference server's place search (keyword, lat, lng). */
  placeSearch: '/api/Trends/SearchPlace',
} as const;

/** Multipart and form field names, as the spec gives them. */
export const UploadFields = {
  file: 'file',
  chunk: 'chunk',
  renamemode: 'renamemode',
  prefix: 'prefix',
  chunks: 'chunks',
  uid: 'uid',
  uniqueFileID: 'uniqueFileID',
  coverFile: 'formFile',
} as const;

export const UploadConstants = {
  /** Bytes per chunk, video and cover alike. */
  chunkSize: 2_097_152,
  renamemode: 'Format',
  prefix: 'xw-',
  /** SaveVideo's CID when none is chosen. */
  defaultCategoryId: '0,7',
  /** Progress milestones. */
  progressStart: 1,
  progressChunksDone: 80,
  progressSaved: 90,
  progressCoverDone: 95,
  progressPosted: 100,
  /** Decided: a chunk is tried this many more times after a transport failure, waiting these delays. */
  chunkRetryDelaysMs: [1000, 2000, 4000] as readonly number[],
  /** Decided: what GetPublishPoint gates — posts per user per calendar day (UTC+8). */
  dailyPostLimit: 5,
  /** Decided defaults (the server's UPLOAD_MAX_BYTES / UPLOAD_QUOTA_BYTES override them). */
  maxVideoBytes: 200 * 1024 * 1024,
  userQuotaBytes: 1024 * 1024 * 1024,
  maxCoverBytes: 10 * 1024 * 1024,
  /** Decided: longest video the app accepts, in seconds. */
  maxDurationSeconds: 600,
  /** Decided: description length limit. */
  maxDescription: 200,
  /** Decided: at most this many labels on a post. */
  maxLabels: 3,
  /** Decided: the longest place-search keyword, in characters (the server refuses longer ones with 8123). */
  maxPlaceKeyword: 50,
  /** Decided: the server id sent as SaveVideo's ServerID for files held by the reference server. */
  referenceServerId: '1',
} as const;

/** Answer codes of the feature (8100–8139). */
export const UploadRet = {
  PublishLimitReached: 8100,
  LabelInvalid: 8101,
  DescriptionTooLong: 8102,
  UploadNotFound: 8110,
  ChunkOutOfRange: 8111,
  ChunkSizeInvalid: 8112,
  NotAVideo: 8113,
  FileNameInvalid: 8114,
  VideoTooLarge: 8115,
  QuotaExceeded: 8116,
  AssembledSizeMismatch: 8117,
  NotAnImage: 8118,
  CoverTooLarge: 8119,
  UploadIncomplete: 8120,
  VideoAlreadySaved: 8121,
  VideoNotSaved: 8122,
  PlaceSearchInvalid: 8123,
} as const;

export const UploadTexts = {
  PublishLimitReached: '今日发布次数已用完，明天再来吧',
  LabelInvalid: '标签不存在',
  DescriptionTooLong: '描述最多200个字',
  UploadNotFound: '上传任务不存在',
  ChunkOutOfRange: '分片序号超出范围',
  ChunkSizeInvalid: '分片大小不正确',
  NotAVideo: '文件不是视频',
  FileNameInvalid: '文件名不合法',
  VideoTooLarge: '视频不能超过200MB',
  QuotaExceeded: '上传空间已满，请删除部分动态后再试',
  AssembledSizeMismatch: '视频文件不完整，请重新上传',
  NotAnImage: '封面必须是图片',
  CoverTooLarge: '封面不能超过10MB',
  UploadIncomplete: '视频尚未上传完成',
  VideoAlreadySaved: '该视频已保存',
  VideoNotSaved: '视频尚未保存',
  PlaceSearchInvalid: '搜索关键词不正确',
  // The app's own texts.
  chooseVideo: '请选择视频',
  videoTooLong: '视频不能超过10分钟',
  notAVideoFile: '请选择视频文件',
  notAnImageFile: '请选择图片',
  uploadFailed: '上传失败，请检查网络后重试',
  resume: '继续上传',
  cancel: '取消',
  uploading: '正在上传',
  published: '发布成功',
  locationDenied: '无法获取位置，请检查定位权限',
  chooseCover: '请选择封面',
  videoEmpty: '视频文件为空',
  tooManyLabels: '最多选择3个标签',
  loginFirst: '请先登录',
} as const;
