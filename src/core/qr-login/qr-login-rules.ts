import { isTvAgent } from '../shared-kernel/tv-agent.ts';
import { QrLoginRules, QR_SECRET_PATTERN, type QrTicketState } from './qr-login-protocol.ts';

export const QrLoginPaths = {
  authorize: QrLoginRules.authorizePath,
  scanCode: '/scanCode',
  scanResult: '/scanCodeResult',
  login: '/login',
  user: '/user',
} as const;

/** Phones and tablets: their login page is the form alone, however wide. */
const HANDHELD_AGENT = /iPhone|iPad|iPod|Android.*Mobile|Mobile Safari|MicroMessenger/i;
/** A window at least this wide (CSS pixels) on a computer is a big screen. */
const BIG_SCREEN_WIDTH = 1200;

/** Whether the login page offers QR sign-in: a TV, or a computer's wide window (a phone scans, it does not show codes). */
export function isBigScreen(userAgent: string, viewportWidth: number): boolean {
  if (isTvAgent(userAgent)) return true;
  return !HANDHELD_AGENT.test(userAgent) && viewportWidth >= BIG_SCREEN_WIDTH;
}

/** What the QR code carries: the app's /authorizeLogin with the ticket, on the page's own origin. */
export function authorizeUrl(origin: string, ticket: string): string {
  return `${origin}${QrLoginPaths.authorize}?ticket=${encodeURIComponent(ticket)}`;
}

/** What a scanned code is: our sign-in ticket, another page of ours, or something else (text, maybe a foreign link). */
export type ScannedCode =
  | { kind: 'ticket'; ticket: string }
  | { kind: 'ours'; path: string; query: Record<string, string> }
  | { kind: 'other'; text: string };

export function readScannedCode(text: string, origin: string): ScannedCode {
  let url: URL | null;
  try {
    url = new URL(text.trim());
  } catch {
    // Not a URL at all: plain text.
    url = null;
  }
  if (url === null || url.origin !== origin) return { kind: 'other', text };
  const ticket = url.searchParams.get('ticket') ?? '';
  if (url.pathname === QrLoginPaths.authorize && QR_SECRET_PATTERN.test(ticket)) return { kind: 'ticket', ticket };
  return { kind: 'ours', path: url.pathname, query: Object.fromEntries(url.searchParams) };
}

/** Whether a scanned text is a link of ours (shown as a link on /scanCodeResult; anything else stays plain text). */
export function isOurLink(text: string, origin: string): boolean {
  return readScannedCode(text, origin).kind !== 'other';
}

export const QrLoginScreenTexts = {
  title: '扫码登录',
  hint: '打开奇遇视频App或手机网页，使用「扫一扫」扫描二维码登录',
  loading: '二维码加载中…',
  refresh: '刷新二维码',
  failed: '二维码获取失败',
  signedIn: '登录成功',
} as const;

/** The screen's caption for each state of its ticket. */
export const QrStateTexts: Record<QrTicketState, string> = {
  pending: '等待扫码',
  scanned: '已扫码，请在手机上确认',
  confirmed: '登录成功',
  cancelled: '已取消',
  expired: '二维码已过期',
};

export const ScanTexts = {
  cameraStarting: '正在打开相机…',
  scanning: '将二维码放入框内，即可自动扫描',
  cameraDenied: '无法使用相机：请在浏览器设置中允许访问相机，或从相册选择二维码图片',
  cameraUnavailable: '当前设备不支持相机扫码，请从相册选择二维码图片',
  album: '从相册选择',
  reading: '正在识别…',
  noCode: '未识别到二维码，请换一张图片试试',
  foreign: '该二维码不是奇遇视频的二维码，内容如下：',
  ours: '已识别奇遇视频链接：',
  rescan: '重新扫码',
} as const;

export const AuthorizeTexts = {
  asking: '以下设备正在请求登录你的账号',
  confirm: '确认登录',
  cancel: '取消',
  confirmed: '已确认登录，请在大屏设备上继续使用',
  cancelled: '已取消登录',
  done: '完成',
  warning: '如非本人操作，请点击取消',
  missingTicket: '二维码无效，请重新扫码',
  failed: '操作失败，请稍后再试',
} as const;
