import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useViewModel } from '../app/container-context.tsx';
import { PollEditorSheet } from './poll-editor-sheet.tsx';
import { PollCardModel, type PollCardProps, type PollCardViewModel } from './votes-view-models.ts';
import { VotesTexts } from '../../core/votes/votes-texts.ts';
import './votes.css';

const Options = observer(function Options({ vm }: { vm: PollCardViewModel }) {
  const poll = vm.poll;
  if (poll === null) return null;
  return (
    <>
      <ul className="poll-card__options" role={poll.multiple ? 'group' : 'radiogroup'} aria-label={poll.question}>
        {poll.options.map((option) => (
          <li key={option.id}>
            <button
              type="button"
              role={poll.multiple ? 'checkbox' : 'radio'}
              aria-checked={vm.isChosen(option.id)}
              className={`poll-option ${vm.isChosen(option.id) ? 'poll-option--chosen' : ''}`}
              data-testid="poll-option"
              disabled={vm.ended}
              onClick={() => vm.optionTapped(option.id)}
            >
              {option.text}
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="poll-card__submit" data-testid="poll-submit" disabled={!vm.canSubmit} aria-busy={vm.voting} onClick={() => void vm.submitTapped()}>
        {vm.voting ? VotesTexts.voting : VotesTexts.submit}
      </button>
    </>
  );
});

const Results = observer(function Results({ vm }: { vm: PollCardViewModel }) {
  return (
    <ul className="poll-card__results" data-testid="poll-results">
      {vm.results?.map((row) => (
        <li key={row.id} className={`poll-result ${row.mine ? 'poll-result--mine' : ''}`} data-testid="poll-result" data-mine={row.mine}>
          <span className="poll-result__bar" style={{ width: `${row.percent}%` }} />
          <span className="poll-result__text">
            {row.text}
            {row.mine && <span className="poll-result__mine">已选</span>}
          </span>
          <span className="poll-result__figures" data-testid="poll-result-figures">
            {row.count}票 · {row.percent}%
          </span>
        </li>
      ))}
    </ul>
  );
});

/** The 投票 card under a post or a video (below its information), or 发起投票 for its owner. */
export const PollCard = observer(function PollCard(props: PollCardProps) {
  const vm = useViewModel(PollCardModel, props, [props.place.type, props.place.id, props.ownerUid]);
  useEffect(() => void vm.opened(), [vm]);
  const poll = vm.poll;
  if (vm.status === 'failed') {
    return (
      <button type="button" className="poll-card poll-card--retry" onClick={() => void vm.load()}>
        {VotesTexts.loadFailed}
      </button>
    );
  }
  if (poll === null) {
    return vm.canCreate ? (
      <>
        <button type="button" className="poll-card__create" data-testid="poll-create" onClick={vm.createTapped}>
          {VotesTexts.create}
        </button>
        <PollEditorSheet editor={vm.editor} actionText={VotesTexts.publish} busy={vm.creating} onAction={() => void vm.publishTapped()} />
      </>
    ) : null;
  }
  return (
    <section className="poll-card" data-testid="poll-card" aria-label={VotesTexts.title}>
      <header className="poll-card__head">
        <span className="poll-card__badge">{VotesTexts.title}</span>
        <span className="poll-card__kind">{vm.kindText}</span>
        <span className="poll-card__state" data-testid="poll-state">{vm.stateText}</span>
      </header>
      <h3 className="poll-card__question" data-testid="poll-question">{poll.question}</h3>
      {vm.results ? <Results vm={vm} /> : <Options vm={vm} />}
      {vm.votersText && <p className="poll-card__voters" data-testid="poll-voters">{vm.votersText}</p>}
    </section>
  );
});
