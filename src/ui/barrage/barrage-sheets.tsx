import ActionSheet, { type Action } from 'antd-mobile/es/components/action-sheet';
import Popup from 'antd-mobile/es/components/popup';
import Slider from 'antd-mobile/es/components/slider';
import { observer } from 'mobx-react-lite';
import {
  BARRAGE_AREAS,
  BARRAGE_SIZES,
  BARRAGE_SPEEDS,
  BARRAGE_TYPE_BLOCKS,
  BarrageConfigLabels,
  BarrageDensity,
  BarrageOpacity,
} from '../../core/playback/barrage-config.ts';
import { isRegexKeyword } from '../../core/playback/barrage-regex.ts';
import { BarrageUiTexts } from './barrage-texts.ts';
import { isAdDrawable } from './barrage-timeline-view-model.ts';
import type { BarrageViewModel } from './barrage-view-model.ts';

/**
 * Sheets open inside the fullscreen element when the player is fullscreen (elsewhere they would not be seen), also
 * the player filling the window by CSS (iPhone Safari), so that they turn with it.
 */
function sheetContainer(): HTMLElement {
  const fullscreen = document.fullscreenElement ?? document.querySelector('[data-testid="player-area"][data-fullscreen="true"]');
  return fullscreen instanceof HTMLElement ? fullscreen : document.body;
}

/** A row of choices (radio group) in the settings sheet. */
function Choices<T extends string | number>(props: {
  label: string;
  testId: string;
  options: readonly T[];
  value: T;
  text: (option: T) => string;
  onChange: (option: T) => void;
}) {
  return (
    <div className="barrage-sheet__row">
      <span className="barrage-sheet__label" id={`${props.testId}-label`}>
        {props.label}
      </span>
      <div className="barrage-choices" role="radiogroup" aria-labelledby={`${props.testId}-label`} data-testid={props.testId}>
        {props.options.map((option) => (
          <button
            key={option}
            type="button"
            role="radio"
            aria-checked={option === props.value}
            className={`barrage-choice ${option === props.value ? 'barrage-choice--on' : ''}`}
            onClick={() => props.onChange(option)}
          >
            {props.text(option)}
          </button>
        ))}
      </div>
    </div>
  );
}

/** A setting on or off (合并重复弹幕). */
function Toggle(props: { label: string; testId: string; on: boolean; onChange: (on: boolean) => void }) {
  return (
    <div className="barrage-sheet__row">
      <span className="barrage-sheet__label barrage-sheet__label--wide" id={`${props.testId}-label`}>
        {props.label}
      </span>
      <button
        type="button"
        role="switch"
        aria-checked={props.on}
        aria-labelledby={`${props.testId}-label`}
        data-testid={props.testId}
        className={`barrage-toggle ${props.on ? 'barrage-toggle--on' : ''}`}
        onClick={() => props.onChange(!props.on)}
      />
    </div>
  );
}

/** A slider of tenths from 10% to 100% (opacity, density). */
function TenthsSlider(props: {
  label: string;
  testId: string;
  range: { min: number; max: number; step: number };
  value: number;
  onChange: (value: number) => void;
}) {
  return (
    <div className="barrage-sheet__row">
      <span className="barrage-sheet__label">{props.label}</span>
      <div className="barrage-sheet__slider" data-testid={props.testId}>
        <Slider
          key={props.value}
          min={props.range.min}
          max={props.range.max}
          step={props.range.step}
          defaultValue={props.value}
          onAfterChange={(value) => props.onChange(Math.round((typeof value === 'number' ? value : value[1]) * 10) / 10)}
        />
      </div>
      <span className="barrage-sheet__value">{Math.round(props.value * 100)}%</span>
    </div>
  );
}

/** The action sheet of a tapped barrage, the report reasons, the settings and the blocking sheets. */
export const BarrageSheets = observer(function BarrageSheets({ vm }: { vm: BarrageViewModel }) {
  const target = vm.target && !isAdDrawable(vm.target) ? vm.target : null;
  const actions: Action[] = [{ key: 'like', text: vm.likeText, onClick: () => void vm.likeTapped() }];
  if (target && !target.own) {
    actions.push({ key: 'report', text: BarrageUiTexts.report, onClick: vm.reportTapped });
    if (target.uid > 0) actions.push({ key: 'shield', text: BarrageUiTexts.shieldUser, danger: true, onClick: () => void vm.shieldUserTapped() });
  }
  const reasons: Action[] = vm.reasons.map((reason) => ({ key: reason, text: reason, onClick: () => void vm.reasonChosen(reason) }));
  const config = vm.config;

  return (
    <>
      <ActionSheet
        visible={vm.sheet === 'actions'}
        actions={actions}
        extra={target ? <span className="barrage-sheet__quote" data-testid="barrage-action-target">{target.content}</span> : null}
        cancelText={BarrageUiTexts.cancel}
        closeOnAction={false}
        onClose={vm.closeSheet}
        getContainer={sheetContainer}
        popupClassName="barrage-action-sheet"
      />
      <ActionSheet
        visible={vm.sheet === 'reasons'}
        actions={reasons}
        extra={BarrageUiTexts.reasonTitle}
        cancelText={BarrageUiTexts.cancel}
        closeOnAction={false}
        onClose={vm.closeSheet}
        getContainer={sheetContainer}
        popupClassName="barrage-reason-sheet"
      />
      <Popup visible={vm.sheet === 'settings'} onMaskClick={vm.closeSheet} onClose={vm.closeSheet} getContainer={sheetContainer} bodyClassName="barrage-sheet">
        <div className="barrage-sheet__body" data-testid="barrage-settings-sheet">
          <h3 className="barrage-sheet__title">{BarrageUiTexts.settings}</h3>
          <TenthsSlider label={BarrageUiTexts.opacity} testId="barrage-opacity" range={BarrageOpacity} value={config.opacity} onChange={(opacity) => void vm.configChanged({ opacity })} />
          <Choices label={BarrageUiTexts.speed} testId="barrage-speed" options={BARRAGE_SPEEDS} value={config.speed} text={(o) => BarrageConfigLabels.speed[o]} onChange={(speed) => void vm.configChanged({ speed })} />
          <Choices label={BarrageUiTexts.size} testId="barrage-size" options={BARRAGE_SIZES} value={config.size} text={(o) => BarrageConfigLabels.size[o]} onChange={(size) => void vm.configChanged({ size })} />
          <Choices label={BarrageUiTexts.area} testId="barrage-area" options={BARRAGE_AREAS} value={config.area} text={(o) => BarrageConfigLabels.area[o]} onChange={(area) => void vm.configChanged({ area })} />
          <TenthsSlider
            label={BarrageConfigLabels.density}
            testId="barrage-density"
            range={BarrageDensity}
            value={config.density}
            onChange={(density) => void vm.configChanged({ density })}
          />
          <Toggle label={BarrageConfigLabels.merge} testId="barrage-merge" on={config.merge} onChange={(merge) => void vm.configChanged({ merge })} />
          <div className="barrage-sheet__row">
            <span className="barrage-sheet__label" id="barrage-type-blocks-label">
              {BarrageConfigLabels.blockTypes}
            </span>
            <div className="barrage-choices" role="group" aria-labelledby="barrage-type-blocks-label" data-testid="barrage-type-blocks">
              {BARRAGE_TYPE_BLOCKS.map((flag) => (
                <button
                  key={flag}
                  type="button"
                  aria-pressed={config[flag]}
                  className={`barrage-choice ${config[flag] ? 'barrage-choice--on' : ''}`}
                  onClick={() => void vm.configChanged({ [flag]: !config[flag] })}
                >
                  {BarrageConfigLabels.blocks[flag]}
                </button>
              ))}
            </div>
          </div>
          {vm.loggedIn && vm.coin !== null && (
            <p className="barrage-sheet__coin" data-testid="barrage-coin">
              {BarrageUiTexts.coin}：{vm.coin}
            </p>
          )}
        </div>
      </Popup>
      <Popup visible={vm.sheet === 'blocking'} onMaskClick={vm.closeSheet} onClose={vm.closeSheet} getContainer={sheetContainer} bodyClassName="barrage-sheet">
        <div className="barrage-sheet__body" data-testid="barrage-blocking-sheet">
          <h3 className="barrage-sheet__title">{BarrageUiTexts.blocking}</h3>
          <form
            className="barrage-keyword-form"
            onSubmit={(event) => {
              event.preventDefault();
              void vm.filters.keywordSubmitted();
            }}
          >
            <input
              className="barrage-keyword-form__input"
              data-testid="barrage-keyword-input"
              value={vm.filters.keywordInput}
              placeholder={BarrageUiTexts.keywordPlaceholder}
              aria-label={BarrageUiTexts.keywordPlaceholder}
              onChange={(event) => vm.filters.keywordInputChanged(event.target.value)}
            />
            <button type="submit" className="barrage-keyword-form__add" data-testid="barrage-keyword-add">
              {BarrageUiTexts.keywordAdd}
            </button>
          </form>
          <p className="barrage-sheet__note">{BarrageUiTexts.regexHint}</p>
          <h4 className="barrage-sheet__subtitle">{BarrageUiTexts.keywordsTitle}</h4>
          {vm.filters.shieldKeywords.length === 0 ? (
            <p className="barrage-sheet__empty">{BarrageUiTexts.keywordsEmpty}</p>
          ) : (
            <ul className="barrage-shield-list">
              {vm.filters.shieldKeywords.map((keyword) => (
                <li key={keyword} className="barrage-shield-list__item" data-testid="barrage-keyword">
                  <span>
                    {isRegexKeyword(keyword) && <span className="barrage-shield-list__tag">{BarrageUiTexts.regexTag}</span>}
                    {keyword}
                  </span>
                  <button type="button" aria-label={`${BarrageUiTexts.remove} ${keyword}`} onClick={() => void vm.filters.keywordRemoved(keyword)}>
                    {BarrageUiTexts.remove}
                  </button>
                </li>
              ))}
            </ul>
          )}
          <h4 className="barrage-sheet__subtitle">{BarrageUiTexts.usersTitle}</h4>
          {vm.filters.shieldUsers.length === 0 ? (
            <p className="barrage-sheet__empty">{BarrageUiTexts.usersEmpty}</p>
          ) : (
            <ul className="barrage-shield-list">
              {vm.filters.shieldUsers.map((user) => (
                <li key={user.uid} className="barrage-shield-list__item" data-testid="barrage-shield-user" data-uid={user.uid}>
                  <span>{user.nickName || `用户${user.uid}`}</span>
                  <button type="button" aria-label={`${BarrageUiTexts.remove} ${user.nickName}`} onClick={() => void vm.filters.userUnblocked(user.uid)}>
                    {BarrageUiTexts.remove}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {!vm.loggedIn && <p className="barrage-sheet__note">{BarrageUiTexts.localOnly}</p>}
        </div>
      </Popup>
    </>
  );
});
