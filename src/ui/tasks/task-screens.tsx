import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useViewModel } from '../app/container-context.tsx';
import { LevelIcon } from '../common/display.tsx';
import { NavBar } from '../common/nav-bar.tsx';
import { MyLevelModel, TaskListModel, type MyLevelViewModel, type TaskListViewModel, type TaskRow } from './task-view-models.ts';
import { TaskTexts } from '../../core/tasks/tasks-texts.ts';
import './tasks.css';

const TaskRowView = observer(function TaskRowView({ vm, row }: { vm: TaskListViewModel; row: TaskRow }) {
  return (
    <li className="task-row" data-testid={`task-${row.key}`} data-status={row.status}>
      <div className="task-row__main">
        <p className="task-row__title">
          {row.title}
          <span className="task-row__progress" data-testid="task-progress">{row.progressText}</span>
        </p>
        <p className="task-row__hint">{row.hint}</p>
        <p className="task-row__reward" data-testid="task-reward">{row.rewardText}</p>
        {row.key === 'watch' && (
          <div className="task-row__bar" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={row.percent}>
            <span style={{ width: `${row.percent}%` }} />
          </div>
        )}
      </div>
      <button
        type="button"
        className={`task-row__button task-row__button--${row.status}`}
        data-testid="task-button"
        aria-disabled={row.status === 'claimed'}
        onClick={() => void vm.buttonTapped(row.key)}
      >
        {row.buttonText}
      </button>
    </li>
  );
});

const TaskList = observer(function TaskList({ vm }: { vm: TaskListViewModel }) {
  const { loader } = vm;
  return (
    <>
      <section className="task-head">
        <div className="task-head__level">
          <LevelIcon level={vm.level.level} />
          <span data-testid="task-experience">{vm.experienceText}</span>
        </div>
        <span className="task-head__gold" data-testid="task-gold">{vm.goldText}</span>
      </section>
      {vm.kind === 'daily' && (
        <nav className="task-links">
          <button type="button" className="task-link" data-testid="link-new-hand" onClick={vm.newHandTapped}>{TaskTexts.newHandTask}</button>
          <button type="button" className="task-link" data-testid="link-my-level" onClick={vm.myLevelTapped}>{TaskTexts.myLevel}</button>
        </nav>
      )}
      <h2 className="task-section-title">{vm.kind === 'daily' ? TaskTexts.daily : TaskTexts.newHandTask}</h2>
      <p className="task-note">{vm.kind === 'daily' ? TaskTexts.dailyReset : TaskTexts.newbieNote}</p>
      {loader.failed && (
        <button type="button" className="link-button task-retry" onClick={() => void vm.load()}>{TaskTexts.loadFailed}</button>
      )}
      {loader.loading && vm.board === null && <p className="task-note">{TaskTexts.loading}</p>}
      <ul className="task-list">
        {vm.rows.map((row) => (
          <TaskRowView key={row.key} vm={vm} row={row} />
        ))}
      </ul>
    </>
  );
});

function useTaskListScreen(kind: 'daily' | 'newbie'): TaskListViewModel {
  const vm = useViewModel(TaskListModel, { kind });
  useEffect(() => {
    vm.visitorSentToLogin();
    void vm.opened();
  }, [vm, vm.loggedIn]);
  return vm;
}

/** /taskCenter — the daily tasks, links to 新手任务 and 我的等级 (login required: a visitor goes to /login and back). */
export const TaskCenterScreen = observer(function TaskCenterScreen() {
  const vm = useTaskListScreen('daily');
  return (
    <div className="page task-page">
      <NavBar title={TaskTexts.taskCenter} />
      {vm.loggedIn && <TaskList vm={vm} />}
    </div>
  );
});

/** /newHandTask — the one-time tasks of a new account. */
export const NewHandTaskScreen = observer(function NewHandTaskScreen() {
  const vm = useTaskListScreen('newbie');
  return (
    <div className="page task-page">
      <NavBar title={TaskTexts.newHandTask} />
      {vm.loggedIn && <TaskList vm={vm} />}
    </div>
  );
});

const MyLevel = observer(function MyLevel({ vm }: { vm: MyLevelViewModel }) {
  const { level } = vm;
  return (
    <>
      <section className="level-head">
        <p className="level-head__level" data-testid="my-level">Lv{level.level}</p>
        <p className="level-head__exp" data-testid="my-level-experience">{vm.experienceText}</p>
        <div className="level-bar" role="progressbar" aria-label="升级进度" aria-valuemin={0} aria-valuemax={100} aria-valuenow={level.percent}>
          <span style={{ width: `${level.percent}%` }} />
        </div>
        <p className="level-head__bar-text">
          <span data-testid="level-bar-text">{vm.barText}</span>
          <span data-testid="level-next">{vm.nextText}</span>
        </p>
        <button type="button" className="level-head__tasks" onClick={vm.taskCenterTapped}>做任务升级</button>
      </section>
      <h2 className="task-section-title">{TaskTexts.levels}</h2>
      <table className="level-table">
        <thead>
          <tr>
            <th>等级</th>
            <th>所需经验</th>
            <th>等级特权</th>
          </tr>
        </thead>
        <tbody>
          {vm.levels.map((row) => (
            <tr key={row.level} className={row.level === level.level ? 'level-table__current' : ''} data-testid={`level-row-${row.level}`}>
              <td><LevelIcon level={row.level} /></td>
              <td>{row.threshold}</td>
              <td>{row.perks.join('、')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="task-note">所有功能对每个等级开放；等级图标显示在你的个人主页和个人空间。</p>
      <h2 className="task-section-title">{TaskTexts.ways}</h2>
      <ul className="level-ways">
        {vm.ways.map((way) => (
          <li key={way}>{way}</li>
        ))}
      </ul>
    </>
  );
});

/** /myLevel — the level, the bar to the next one, what each level brings and how experience is earned. */
export const MyLevelScreen = observer(function MyLevelScreen() {
  const vm = useViewModel(MyLevelModel);
  useEffect(() => {
    vm.visitorSentToLogin();
    void vm.opened();
  }, [vm, vm.loggedIn]);
  return (
    <div className="page task-page">
      <NavBar title={TaskTexts.myLevel} />
      {vm.loggedIn && <MyLevel vm={vm} />}
    </div>
  );
});
