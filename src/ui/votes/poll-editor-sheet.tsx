import Popup from 'antd-mobile/es/components/popup';
import Switch from 'antd-mobile/es/components/switch';
import { observer } from 'mobx-react-lite';
import { type PollEditor } from './votes-view-models.ts';
import { VotesTexts } from '../../core/votes/votes-texts.ts';
import './votes.css';

/** The 发起投票 sheet: question, options (add/remove, 2–10), 允许多选 and 截止时间; `actionText` (发起 / 完成) at the top right. */
export const PollEditorSheet = observer(function PollEditorSheet(props: { editor: PollEditor; actionText: string; busy: boolean; onAction: () => void }) {
  const { editor } = props;
  return (
    <Popup visible={editor.open} onMaskClick={editor.closed} onClose={editor.closed} bodyClassName="poll-editor">
      <div className="poll-editor__head">
        <button type="button" className="poll-editor__cancel" onClick={editor.closed}>{VotesTexts.cancel}</button>
        <span className="poll-editor__title">{VotesTexts.create}</span>
        <button type="button" className="poll-editor__publish" data-testid="poll-editor-action" disabled={props.busy} onClick={props.onAction}>
          {props.actionText}
        </button>
      </div>
      <div className="poll-editor__body">
        <input
          className="poll-editor__question"
          data-testid="poll-editor-question"
          aria-label={VotesTexts.question}
          placeholder={VotesTexts.questionPlaceholder}
          value={editor.question}
          onChange={(event) => editor.questionChanged(event.target.value)}
        />
        {editor.options.map((option, index) => (
          <div className="poll-editor__option" key={index}>
            <input
              data-testid="poll-editor-option"
              aria-label={`选项${index + 1}`}
              placeholder={VotesTexts.optionPlaceholder(index + 1)}
              value={option}
              onChange={(event) => editor.optionChanged(index, event.target.value)}
            />
            {editor.canRemoveOption && (
              <button type="button" className="poll-editor__remove" aria-label={`${VotesTexts.removeOption}选项${index + 1}`} onClick={() => editor.removeOptionTapped(index)}>
                {VotesTexts.removeOption}
              </button>
            )}
          </div>
        ))}
        {editor.canAddOption && (
          <button type="button" className="poll-editor__add" data-testid="poll-editor-add" onClick={editor.addOptionTapped}>
            {VotesTexts.addOption}
          </button>
        )}
        <div className="poll-editor__row">
          <span>{VotesTexts.allowMultiple}</span>
          <Switch checked={editor.multiple} onChange={editor.multipleChanged} aria-label={VotesTexts.allowMultiple} />
        </div>
        <div className="poll-editor__row">
          <span>{VotesTexts.endTime}</span>
          <div className="poll-editor__days" role="radiogroup" aria-label={VotesTexts.endTime}>
            {editor.endChoices.map((choice) => (
              <button
                type="button"
                key={choice.days}
                role="radio"
                aria-checked={editor.days === choice.days}
                className={`poll-chip ${editor.days === choice.days ? 'poll-chip--on' : ''}`}
                onClick={() => editor.daysTapped(choice.days)}
              >
                {choice.label}
              </button>
            ))}
          </div>
        </div>
      </div>
    </Popup>
  );
});
