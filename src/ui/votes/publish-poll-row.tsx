import { observer } from 'mobx-react-lite';
import { useViewModel } from '../app/container-context.tsx';
import { PollEditorSheet } from './poll-editor-sheet.tsx';
import { PendingPollModel } from './votes-view-models.ts';
import { VotesTexts } from '../../core/votes/votes-texts.ts';
import './votes.css';

/** /publishDynamic's 投票 row: opens the editor; once written shows the question (删除 takes it off). */
export const PublishPollRow = observer(function PublishPollRow() {
  const vm = useViewModel(PendingPollModel);
  return (
    <>
      <div className="publish-poll">
        <button type="button" className="publish-row publish-poll__open" data-testid="poll-row" onClick={vm.rowTapped}>
          <span className="publish-poll__icon" aria-hidden="true">☰</span>
          <span className="publish-row__label">{VotesTexts.row}</span>
          <span className={`publish-row__value ${vm.summary ? 'publish-row__value--set' : ''}`} data-testid="poll-row-value">
            {vm.summary || VotesTexts.rowHint}
          </span>
          <span className="publish-row__arrow" aria-hidden="true">›</span>
        </button>
        {vm.summary && (
          <button type="button" className="publish-poll__remove" data-testid="poll-row-remove" aria-label="删除投票" onClick={vm.removeTapped}>
            {VotesTexts.removeOption}
          </button>
        )}
      </div>
      <PollEditorSheet editor={vm.editor} actionText={VotesTexts.done} busy={false} onAction={vm.doneTapped} />
    </>
  );
});
