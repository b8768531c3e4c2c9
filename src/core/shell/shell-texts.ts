export const CusServiceTexts = {
  hours: (hours: string) => `服务时间：${hours}`,
  fallback: (contact: string) => `客服暂不可用，可联系：${contact}`,
  contact: (contact: string) => `其他联系方式：${contact}`,
} as const;

export const DiagnosticsTexts = {
  yes: '是',
  no: '否',
  unknown: '未知',
  notChecked: '检测中…',
  bridgeNone: '未检测到（普通浏览器）',
  pingSent: '已送达原生端',
  pingNoHandler: '原生端无 ping 方法',
  pingNoBridge: '无原生桥，未发送',
  connected: '已连接',
  disconnected: '未连接',
  writable: '可写入',
  notWritable: '不可写入',
  apiFailed: '请求失败',
  sameOrigin: '（与页面同源）',
} as const;
