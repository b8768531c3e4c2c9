import { makeAutoObservable, runInAction } from 'mobx';
import { EXPERIENCE_WAYS, LEVEL_ROWS, levelProgress, nextLevelText, type LevelProgress, type LevelRow } from '../../core/tasks/level-rules.ts';
import type { Navigator } from '../../core/ports/navigator.ts';
import { progressText, rewardText, taskDefinition, taskStatus, type TaskKey, type TaskStatus } from '../../core/tasks/task-rules.ts';
import type { TaskBoard, TaskService, TaskState } from '../../core/tasks/task-service.ts';
import type { SessionModel } from '../app/session-model.ts';
import { viewModelToken } from '../app/view-model-token.ts';
import { TaskTexts } from '../../core/tasks/tasks-texts.ts';

const TaskPaths = { taskCenter: '/taskCenter', newHandTask: '/newHandTask', myLevel: '/myLevel', login: '/login' } as const;

/** One task row as shown. */
export interface TaskRow {
  key: TaskKey;
  title: string;
  hint: string;
  progressText: string;
  rewardText: string;
  status: TaskStatus;
  buttonText: string;
  /** 0 to 100 (the watch task's bar). */
  percent: number;
}

const buttonTextOf = (status: TaskStatus, claiming: boolean): string => {
  if (status === 'claimed') return TaskTexts.claimed;
  if (status === 'claimable') return claiming ? TaskTexts.claiming : TaskTexts.claim;
  return TaskTexts.go;
};

/** The board every task screen reads: loaded when a screen opens (signed in only). */
class BoardLoader {
  board: TaskBoard | null = null;
  loading = false;
  failed = false;

  constructor(private readonly service: Pick<TaskService, 'board'>) {
    makeAutoObservable<BoardLoader, 'service'>(this, { service: false }, { autoBind: true });
  }

  async load(): Promise<void> {
    this.loading = true;
    this.failed = false;
    try {
      const board = await this.service.board();
      runInAction(() => (this.board = board));
    } catch {
      runInAction(() => (this.failed = true));
    } finally {
      runInAction(() => (this.loading = false));
    }
  }
}

const experienceText = (board: TaskBoard | null): string => `经验 ${board?.experience ?? 0}`;
const goldText = (board: TaskBoard | null): string => `金币 ${board?.gold ?? 0}`;

/** /taskCenter (the daily tasks) and /newHandTask (the one-time ones): progress, reward and 去完成 / 领取 / 已领取. */
export class TaskListViewModel {
  /** Keys of the claims on their way (the buttons show 领取中…). */
  claimingKeys: TaskKey[] = [];
  readonly loader: BoardLoader;

  constructor(
    private readonly service: Pick<TaskService, 'board' | 'claim'>,
    private readonly navigator: Navigator,
    private readonly session: Pick<SessionModel, 'loggedIn'>,
    readonly kind: 'daily' | 'newbie',
  ) {
    this.loader = new BoardLoader(service);
    makeAutoObservable<TaskListViewModel, 'service' | 'navigator' | 'session'>(this, { service: false, navigator: false, session: false, kind: false, loader: false }, { autoBind: true });
  }

  get loggedIn(): boolean {
    return this.session.loggedIn;
  }

  /** A visitor (or a user whose session ended) goes to /login, to come back here. */
  visitorSentToLogin(): void {
    if (!this.session.loggedIn) this.navigator.replace(TaskPaths.login, { redirect: this.kind === 'daily' ? TaskPaths.taskCenter : TaskPaths.newHandTask });
  }

  async load(): Promise<void> {
    if (this.session.loggedIn) await this.loader.load();
  }

  /** The screen's start: the data's fetch (load() again retries). */
  opened(): Promise<void> {
    return this.load();
  }

  get board(): TaskBoard | null {
    return this.loader.board;
  }

  get level(): LevelProgress {
    return levelProgress(this.board?.experience ?? 0);
  }

  get experienceText(): string {
    return experienceText(this.board);
  }

  get goldText(): string {
    return goldText(this.board);
  }

  get title(): string {
    return this.kind === 'daily' ? TaskTexts.taskCenter : TaskTexts.newHandTask;
  }

  get rows(): TaskRow[] {
    const tasks: TaskState[] = (this.kind === 'daily' ? this.board?.daily : this.board?.newbie) ?? [];
    return tasks.map((task) => {
      const definition = taskDefinition(task.key);
      const status = taskStatus(task.progress, task.target, task.claimed);
      return {
        key: task.key,
        title: definition.title,
        hint: definition.hint,
        progressText: progressText(task, task.progress),
        rewardText: rewardText(task),
        status,
        buttonText: buttonTextOf(status, this.claimingKeys.includes(task.key)),
        percent: Math.min(100, Math.floor((Math.max(0, task.progress) * 100) / Math.max(1, task.target))),
      };
    });
  }

  /** 去完成 opens where the task is done; 领取 claims (once, however often tapped); 已领取 does nothing. */
  async buttonTapped(key: TaskKey): Promise<void> {
    const row = this.rows.find((candidate) => candidate.key === key);
    if (!row || row.status === 'claimed') return;
    if (row.status === 'todo') {
      this.navigator.push(taskDefinition(key).route);
      return;
    }
    if (!this.claimingKeys.includes(key)) this.claimingKeys.push(key);
    const outcome = await this.service.claim(key);
    runInAction(() => (this.claimingKeys = this.claimingKeys.filter((k) => k !== key)));
    if (outcome.kind === 'claimed' || outcome.kind === 'refused') await this.load();
  }

  newHandTapped(): void {
    this.navigator.push(TaskPaths.newHandTask);
  }

  myLevelTapped(): void {
    this.navigator.push(TaskPaths.myLevel);
  }
}

/** /myLevel: the level, the bar to the next one, what each level brings and how experience is earned. */
export class MyLevelViewModel {
  readonly levels: readonly LevelRow[] = LEVEL_ROWS;
  readonly ways: readonly string[] = EXPERIENCE_WAYS;
  readonly loader: BoardLoader;

  constructor(
    service: Pick<TaskService, 'board'>,
    private readonly navigator: Navigator,
    private readonly session: Pick<SessionModel, 'loggedIn'>,
  ) {
    this.loader = new BoardLoader(service);
    makeAutoObservable<MyLevelViewModel, 'navigator' | 'session'>(this, { navigator: false, session: false, levels: false, ways: false, loader: false }, { autoBind: true });
  }

  get loggedIn(): boolean {
    return this.session.loggedIn;
  }

  visitorSentToLogin(): void {
    if (!this.session.loggedIn) this.navigator.replace(TaskPaths.login, { redirect: TaskPaths.myLevel });
  }

  async opened(): Promise<void> {
    if (this.session.loggedIn) await this.loader.load();
  }

  get board(): TaskBoard | null {
    return this.loader.board;
  }

  get level(): LevelProgress {
    return levelProgress(this.board?.experience ?? 0);
  }

  get experienceText(): string {
    return experienceText(this.board);
  }

  get nextText(): string {
    return nextLevelText(this.level);
  }

  /** 45 / 70 (experience over the next level's threshold), or the experience alone at the top. */
  get barText(): string {
    const { experience, next } = this.level;
    return next === null ? String(experience) : `${experience} / ${next}`;
  }

  taskCenterTapped(): void {
    this.navigator.push(TaskPaths.taskCenter);
  }
}

export const TaskListModel = viewModelToken<TaskListViewModel, { kind: 'daily' | 'newbie' }>('TaskListViewModel');
export const MyLevelModel = viewModelToken<MyLevelViewModel>('MyLevelViewModel');
