import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useViewModel } from '../app/container-context.tsx';
import { PagedListView } from '../common/list/paged-list-view.tsx';
import { NavBar } from '../common/nav-bar.tsx';
import { VoteManageModel, type PollRow, type VoteManageViewModel } from './votes-view-models.ts';
import { VotesTexts } from '../../core/votes/votes-texts.ts';
import './votes.css';

const Row = observer(function Row({ vm, row }: { vm: VoteManageViewModel; row: PollRow }) {
  return (
    <div className="vote-manage__row" data-testid="vote-manage-row">
      <button type="button" className="vote-manage__open" onClick={() => vm.rowTapped(row)}>
        <p className="vote-manage__question" data-testid="vote-manage-question">{row.question}</p>
        <p className="vote-manage__where">{row.whereText}</p>
        <span className="vote-manage__meta">
          <span data-testid="vote-manage-voters">{row.votersText}</span>
          <span className={`vote-manage__state ${row.ended ? 'vote-manage__state--ended' : ''}`} data-testid="vote-manage-state">{row.stateText}</span>
          <span>{row.endText}</span>
        </span>
      </button>
      <div className="vote-manage__actions">
        {!row.ended && (
          <button type="button" className="vote-manage__action" data-testid="vote-manage-end" disabled={vm.busy === row.id} onClick={() => void vm.endTapped(row)}>
            {VotesTexts.end}
          </button>
        )}
        <button type="button" className="vote-manage__action vote-manage__action--danger" data-testid="vote-manage-delete" disabled={vm.busy === row.id} onClick={() => void vm.deleteTapped(row)}>
          {VotesTexts.delete}
        </button>
      </div>
    </div>
  );
});

/** /voteManage — one's polls: question, where, votes, 进行中/已结束 and end time; end early or delete (login required). */
export const VoteManageScreen = observer(function VoteManageScreen() {
  const vm = useViewModel(VoteManageModel);
  useEffect(() => vm.visitorSentToLogin(), [vm, vm.loggedIn]);
  return (
    <div className="page vote-manage-page">
      <NavBar title={VotesTexts.manage} />
      {vm.loggedIn && <PagedListView model={vm.list} className="vote-manage__list" render={(row: PollRow) => <Row key={row.id} vm={vm} row={row} />} emptyText={VotesTexts.empty} />}
    </div>
  );
});
