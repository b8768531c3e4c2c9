import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useRef } from 'react';
import { encode } from 'uqr';
import { AuthorizeTexts, QrLoginScreenTexts, ScanTexts } from '../../core/qr-login/qr-login-texts.ts';
import { useViewModel } from '../app/container-context.tsx';
import { NavBar } from '../common/nav-bar.tsx';
import { AuthorizeLoginModel, QrLoginPanelModel, ScanCodeModel, ScanCodeResultModel } from './qr-login-view-models.ts';
import './qr-login.css';

/** A QR code drawn as SVG squares (uqr encodes; a quiet zone of 4 modules around it). */
function QrCodeImage({ text, label }: { text: string; label: string }) {
  const path = useMemo(() => {
    const { data } = encode(text, { border: 4 });
    let d = '';
    data.forEach((row, y) => row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`;
    }));
    return { d, size: data.length };
  }, [text]);
  return (
    <svg className="qr-code" data-testid="qr-code" role="img" aria-label={label} viewBox={`0 0 ${path.size} ${path.size}`} shapeRendering="crispEdges">
      <rect width={path.size} height={path.size} fill="#fff" />
      <path d={path.d} fill="#000" />
    </svg>
  );
}

/** The login page's QR sign-in on a big screen (nothing on a phone). */
export const QrLoginPanel = observer(function QrLoginPanel() {
  const vm = useViewModel(QrLoginPanelModel);
  useEffect(() => {
    vm.opened();
    return vm.stop;
  }, [vm]);
  if (!vm.shown) return null;
  return (
    <section className="qr-login-panel" data-testid="qr-login-panel" data-phase={vm.view.phase}>
      <h2 className="qr-login-panel__title">{QrLoginScreenTexts.title}</h2>
      <div className="qr-login-panel__code">
        {vm.codeShown ? <QrCodeImage text={vm.view.url} label="登录二维码" /> : <div className="qr-code qr-code--empty" />}
        {vm.over && (
          <div className="qr-login-panel__over">
            <p>{vm.caption}</p>
            <button type="button" className="primary-button" onClick={vm.refreshTapped}>{QrLoginScreenTexts.refresh}</button>
          </div>
        )}
      </div>
      <p className="qr-login-panel__state" role="status" data-testid="qr-login-state">{vm.caption}</p>
      <p className="qr-login-panel__hint">{QrLoginScreenTexts.hint}</p>
    </section>
  );
});

/** /authorizeLogin?ticket=…: the device asking, 确认登录 / 取消. */
export const AuthorizeLoginScreen = observer(function AuthorizeLoginScreen() {
  const vm = useViewModel(AuthorizeLoginModel);
  useEffect(() => {
    void vm.opened();
  }, [vm]);
  return (
    <div className="page qr-authorize-page">
      <NavBar title="授权登录" />
      <div className="qr-authorize" data-testid="qr-authorize" data-phase={vm.phase}>
        <div className="qr-authorize__icon" aria-hidden="true">🖥</div>
        {vm.phase === 'loading' && <p className="qr-authorize__text">加载中…</p>}
        {vm.phase === 'asking' && vm.request && (
          <>
            <p className="qr-authorize__text">{AuthorizeTexts.asking}</p>
            <p className="qr-authorize__device" data-testid="qr-authorize-device">{vm.request.device}</p>
            {vm.request.place !== '' && <p className="qr-authorize__place">登录地点：{vm.request.place}</p>}
            <p className="qr-authorize__account">登录账号：{vm.accountName}</p>
            <p className="qr-authorize__warning">{AuthorizeTexts.warning}</p>
            <button type="button" className="primary-button" disabled={vm.busy} onClick={() => void vm.confirmTapped()}>{AuthorizeTexts.confirm}</button>
            <button type="button" className="link-button qr-authorize__cancel" disabled={vm.busy} onClick={() => void vm.cancelTapped()}>{AuthorizeTexts.cancel}</button>
          </>
        )}
        {(vm.phase === 'confirmed' || vm.phase === 'cancelled') && (
          <>
            <p className="qr-authorize__result" role="status">{vm.resultText}</p>
            <button type="button" className="primary-button" onClick={vm.doneTapped}>{AuthorizeTexts.done}</button>
          </>
        )}
        {vm.phase === 'refused' && (
          <>
            <p className="qr-authorize__result" role="alert">{vm.resultText}</p>
            <button type="button" className="primary-button" onClick={vm.rescanTapped}>{ScanTexts.rescan}</button>
          </>
        )}
      </div>
    </div>
  );
});

/** /scanCode: the camera, or 从相册选择. */
export const ScanCodeScreen = observer(function ScanCodeScreen() {
  const vm = useViewModel(ScanCodeModel);
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (video.current) void vm.videoMounted(video.current);
    return vm.stop;
  }, [vm]);
  return (
    <div className="page qr-scan-page">
      <NavBar title="扫一扫" />
      <div className="qr-scan">
        <div className="qr-scan__viewport">
          <video ref={video} className="qr-scan__video" muted playsInline hidden={vm.cameraRefused} />
          {!vm.cameraRefused && <div className="qr-scan__frame" aria-hidden="true" />}
        </div>
        <p className={vm.cameraRefused ? 'qr-scan__status qr-scan__status--refused' : 'qr-scan__status'} role="status" data-testid="qr-scan-status">{vm.status}</p>
        <label className="primary-button qr-scan__album">
          {ScanTexts.album}
          <input
            type="file"
            accept="image/*"
            data-testid="qr-scan-album"
            hidden
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              event.currentTarget.value = '';
              if (file) void vm.pictureChosen(file);
            }}
          />
        </label>
      </div>
    </div>
  );
});

/** /scanCodeResult: what was scanned, a link only when it is ours. */
export const ScanCodeResultScreen = observer(function ScanCodeResultScreen() {
  const vm = useViewModel(ScanCodeResultModel);
  return (
    <div className="page qr-result-page">
      <NavBar title="扫码结果" />
      <div className="qr-result" data-testid="qr-result">
        <p className="qr-result__message">{vm.message}</p>
        {!vm.noCode && (vm.isLink
          ? <button type="button" className="link-button qr-result__text" onClick={vm.linkTapped}>{vm.text}</button>
          : <p className="qr-result__text" data-testid="qr-result-text">{vm.text}</p>)}
        <button type="button" className="primary-button" onClick={vm.rescanTapped}>{ScanTexts.rescan}</button>
      </div>
    </div>
  );
});
