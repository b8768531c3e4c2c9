export const DownloadUiTexts = {
  appName: '奇遇视频',
  androidTitle: 'Android客户端',
  version: '版本',
  download: '立即下载',
  noLink: '暂无下载地址',
  pcTitle: '使用电脑下载',
  pcHint: '在电脑浏览器中打开以下链接即可下载安装包，点击链接复制：',
} as const;
