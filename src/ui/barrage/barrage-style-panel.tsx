import { observer } from 'mobx-react-lite';
import { BARRAGE_MODES, BARRAGE_TEXT_SIZES } from '../../core/playback/barrage-style.ts';
import { BarrageStyleTexts } from '../../core/playback/playback-texts.ts';
import { useBarrageContext } from './barrage-context.ts';
import './barrage-style-panel.css';

const PanelTexts = {
  title: '弹幕样式',
  color: '颜色',
  mode: '位置',
  size: '字号',
  vip: 'VIP',
  style: '弹幕样式',
} as const;

/** The "A" button of the barrage bar: opens and closes the style panel. */
export const BarrageStyleButton = observer(function BarrageStyleButton() {
  const { vm } = useBarrageContext();
  const box = vm.sendBox;
  return (
    <button
      type="button"
      className="barrage-bar__icon barrage-style-button"
      data-testid="barrage-style"
      aria-label={PanelTexts.style}
      aria-expanded={box.stylePanelOpen}
      style={{ color: box.style.color === '#FFFFFF' ? undefined : box.style.color }}
      onClick={box.styleTapped}
    >
      A
    </button>
  );
});

/**
 * The style panel (bilibili's mobile player): the colour (the basic palette, then the VIP one, locked for others),
 * the mode (滚动 顶部 底部) and the size (小 标准) of the barrages one sends; the last choice is kept on this device.
 */
export const BarrageStylePanel = observer(function BarrageStylePanel() {
  const { vm } = useBarrageContext();
  const box = vm.sendBox;
  if (!box.stylePanelOpen) return null;
  return (
    <div className="barrage-style-panel" data-testid="barrage-style-panel" role="group" aria-label={PanelTexts.title}>
      <div className="barrage-style-panel__row">
        <span className="barrage-style-panel__label">{PanelTexts.mode}</span>
        {BARRAGE_MODES.map((mode) => (
          <button
            key={mode}
            type="button"
            className="barrage-style-panel__choice"
            data-testid={`barrage-mode-${mode}`}
            aria-pressed={box.style.mode === mode}
            onClick={() => box.modePicked(mode)}
          >
            {BarrageStyleTexts.modes[mode]}
          </button>
        ))}
      </div>
      <div className="barrage-style-panel__row">
        <span className="barrage-style-panel__label">{PanelTexts.size}</span>
        {BARRAGE_TEXT_SIZES.map((size) => (
          <button
            key={size}
            type="button"
            className="barrage-style-panel__choice"
            data-testid={`barrage-size-${size}`}
            aria-pressed={box.style.size === size}
            onClick={() => box.sizePicked(size)}
          >
            {BarrageStyleTexts.sizes[size]}
          </button>
        ))}
      </div>
      <div className="barrage-style-panel__row barrage-style-panel__row--colors">
        <span className="barrage-style-panel__label">{PanelTexts.color}</span>
        <div className="barrage-style-panel__swatches">
          {box.palette.map(({ color, vipOnly, locked }) => (
            <button
              key={color}
              type="button"
              className={`barrage-style-panel__swatch${locked ? ' barrage-style-panel__swatch--locked' : ''}`}
              data-testid={`barrage-color-${color.slice(1)}`}
              aria-label={vipOnly ? `${color} ${PanelTexts.vip}` : color}
              aria-pressed={box.style.color === color}
              style={{ background: color }}
              onClick={() => box.colorPicked(color)}
            >
              {vipOnly ? <span className="barrage-style-panel__vip">{PanelTexts.vip}</span> : null}
            </button>
          ))}
        </div>
      </div>
    </div>
  );
});
