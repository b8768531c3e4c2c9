/** A duration limit in hours as the operator reads it: 4 → "4", 0.5 → "0.5", 2/3 → "0.667". */
function hours(value: number): string {
  return String(Number(value.toPrecision(3)));
}

/** Why a source is refused before transcoding (the operator console shows these). */
export const ProbeTexts = {
  notVideo: '不是视频文件：找不到视频画面',
  empty: '视频没有内容（时长为0）',
  tooLong: (maxHours: number): string => `视频时长不能超过${hours(maxHours)}小时`,
  tooLarge: '视频分辨率不能超过4K（3840×2160）',
  unreadable: '无法读取该文件，可能已损坏',
} as const;

/** What a transcode that did not finish says. */
export const TranscodeTexts = {
  /** `step`: the rendition ('1080p') or the pictures ('封面'). */
  failed: (step: string): string => `转码失败（${step}）`,
  pictures: '封面',
  aborted: '转码已取消',
} as const;
