import { makeAutoObservable, runInAction } from 'mobx';
import type { Clock } from '../../core/ports/clock.ts';
import type { Navigator } from '../../core/ports/navigator.ts';
import type { Notifier } from '../../core/ports/notifier.ts';
import { returnAddress } from '../../core/shared-kernel/login-redirect.ts';
import {
  END_CHOICES,
  checkPollDraft,
  endTimeText,
  PollLimits,
  endTimeAfter,
  pollEnded,
  pollStateText,
  remainingText,
  resultRows,
  toggledChoice,
  type Poll,
  type PollDraft,
  type PollSummary,
  type ResultRow,
} from '../../core/votes/poll-rules.ts';
import type { PollPlace, PollService } from '../../core/votes/poll-service.ts';
import type { SessionModel } from '../app/session-model.ts';
import { viewModelToken } from '../app/view-model-token.ts';
import { PagedListModel } from '../common/list/paged-list-model.ts';
import { VotesTexts } from '../../core/votes/votes-texts.ts';

const LOGIN = '/login';
const HINT = { durationMs: 1500, position: 'bottom' } as const;

/** What the poll card is told by the screen it sits on: the post or video, and its owner (null: unknown). */
export interface PollCardProps {
  place: PollPlace;
  ownerUid: number | null;
}

/**
 * The 投票 card under a post or a video: the question and options to choose (single or 多选) and 投票; the results
 * (counts, percentages, my choice marked) once voted or ended; for the owner of a post or video without a poll,
 * 发起投票 and the editor (question, 2–10 options, 多选, 截止时间 1/3/7/30 天).
 */
export class PollCardViewModel {
  status: 'loading' | 'ready' | 'failed' = 'loading';
  poll: Poll | null = null;
  choice: number[] = [];
  voting = false;
  readonly editor = new PollEditor();
  creating = false;

  constructor(
    private readonly service: PollService,
    private readonly navigator: Navigator,
    private readonly notifier: Notifier,
    private readonly clock: Clock,
    private readonly props: PollCardProps,
  ) {
    makeAutoObservable<PollCardViewModel, 'service' | 'navigator' | 'notifier' | 'clock' | 'props'>(
      this,
      { service: false, navigator: false, notifier: false, clock: false, props: false, editor: false },
      { autoBind: true },
    );
  }

  async load(): Promise<void> {
    this.status = 'loading';
    try {
      const poll = await this.service.pollOf(this.props.place);
      runInAction(() => {
        this.poll = poll;
        this.status = 'ready';
      });
    } catch {
      runInAction(() => (this.status = 'failed'));
    }
  }

  /** The screen's start: the data's fetch (load() again retries). */
  opened(): Promise<void> {
    return this.load();
  }

  /** The owner of the post or video, signed in, and no poll yet. */
  get canCreate(): boolean {
    return this.status === 'ready' && this.poll === null && this.props.ownerUid !== null && this.service.me() === this.props.ownerUid;
  }

  get ended(): boolean {
    return this.poll !== null && pollEnded(this.poll, this.clock.now());
  }

  /** The results, once the caller voted or the poll ended (null: the options to choose from). */
  get results(): ResultRow[] | null {
    const poll = this.poll;
    if (poll === null || (poll.myChoice.length === 0 && !this.ended)) return null;
    return resultRows(poll);
  }

  get kindText(): string {
    return this.poll?.multiple ? VotesTexts.multiple : VotesTexts.single;
  }

  get stateText(): string {
    const poll = this.poll;
    if (poll === null) return '';
    return this.ended ? pollStateText(true) : remainingText(poll.endTime, this.clock.now());
  }

  get votersText(): string {
    const voters = this.poll?.voters;
    return voters === null || voters === undefined ? '' : `${voters}人参与`;
  }

  get canSubmit(): boolean {
    return this.choice.length > 0 && !this.voting && !this.ended;
  }

  isChosen(optionId: number): boolean {
    return this.choice.includes(optionId);
  }

  optionTapped(optionId: number): void {
    if (this.poll === null || this.results !== null) return;
    this.choice = toggledChoice(this.choice, optionId, this.poll.multiple);
  }

  /** 投票: a visitor goes to /login and comes back; a tap while one is on its way sends nothing more. */
  async submitTapped(): Promise<void> {
    const poll = this.poll;
    if (poll === null || !this.canSubmit) return;
    if (!this.service.loggedIn()) {
      this.navigator.push(LOGIN, { redirect: returnAddress(this.navigator.current()) });
      return;
    }
    this.voting = true;
    try {
      const outcome = await this.service.vote(poll, this.choice);
      runInAction(() => {
        if (outcome.kind === 'login') this.navigator.push(LOGIN, { redirect: returnAddress(this.navigator.current()) });
        else if (outcome.poll !== null) this.poll = outcome.poll;
        if (outcome.kind === 'voted') this.notifier.toast('投票成功', HINT);
      });
    } finally {
      runInAction(() => (this.voting = false));
    }
  }

  createTapped(): void {
    this.editor.opened();
  }

  /** 发起: checked here with the server's rules (the first problem toasted), then CreateVote. */
  async publishTapped(): Promise<void> {
    if (this.creating) return;
    this.creating = true;
    try {
      const now = this.clock.now();
      const outcome = await this.service.create(this.props.place, this.editor.draft(now), this.editor.multiple, now);
      runInAction(() => {
        if (outcome.kind === 'invalid') this.notifier.toast(outcome.message, HINT);
        if (outcome.kind === 'created') {
          this.poll = outcome.poll;
          this.editor.closed();
        }
      });
    } finally {
      runInAction(() => (this.creating = false));
    }
  }
}

/** The poll editor's form (发起投票): question, 2–10 options, 多选, 截止时间 in days. */
export class PollEditor {
  open = false;
  question = '';
  options: string[] = ['', ''];
  multiple = false;
  days = 7;

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  opened(): void {
    this.open = true;
  }

  closed(): void {
    this.open = false;
  }

  questionChanged(value: string): void {
    this.question = value;
  }

  optionChanged(index: number, value: string): void {
    this.options = this.options.map((option, i) => (i === index ? value : option));
  }

  get canAddOption(): boolean {
    return this.options.length < PollLimits.maxOptions;
  }

  get canRemoveOption(): boolean {
    return this.options.length > PollLimits.minOptions;
  }

  addOptionTapped(): void {
    if (this.canAddOption) this.options = [...this.options, ''];
  }

  removeOptionTapped(index: number): void {
    if (this.canRemoveOption) this.options = this.options.filter((_, i) => i !== index);
  }

  multipleChanged(value: boolean): void {
    this.multiple = value;
  }

  get endChoices(): readonly { label: string; days: number }[] {
    return END_CHOICES;
  }

  daysTapped(days: number): void {
    this.days = days;
  }

  /** The poll as written, ending `days` after `now`. */
  draft(now: number): PollDraft {
    return { question: this.question, options: this.options, endTime: endTimeAfter(this.days, now) };
  }

  /** Empty again. */
  cleared(): void {
    this.open = false;
    this.question = '';
    this.options = ['', ''];
    this.multiple = false;
    this.days = 7;
  }
}

/**
 * The poll written on /publishDynamic (投票), kept until the post is published and then attached to it: one per app,
 * like the post's draft. 完成 checks it with the server's rules; a refusal after publishing is toasted (the post
 * stays; its author can attach a poll on /dynamicDetail).
 */
export class PendingPoll {
  readonly editor = new PollEditor();
  /** 完成 was tapped on a valid poll. */
  ready = false;

  constructor(
    private readonly service: Pick<PollService, 'create'>,
    private readonly notifier: Notifier,
    private readonly clock: Clock,
  ) {
    makeAutoObservable<PendingPoll, 'service' | 'notifier' | 'clock'>(this, { service: false, notifier: false, clock: false, editor: false }, { autoBind: true });
  }

  /** 投票：<question> once written, else ''. */
  get summary(): string {
    return this.ready ? this.editor.question.trim() : '';
  }

  rowTapped(): void {
    this.editor.opened();
  }

  /** 完成: the first problem toasted, or kept for the publish. */
  doneTapped(): void {
    const now = this.clock.now();
    const checked = checkPollDraft(this.editor.draft(now), now);
    if (!checked.ok) {
      this.notifier.toast(checked.message, HINT);
      return;
    }
    this.ready = true;
    this.editor.closed();
  }

  removeTapped(): void {
    this.ready = false;
    this.editor.cleared();
  }

  /** After the post is published: CreateVote on it (then the form is emptied). */
  async attachTo(postId: number): Promise<void> {
    if (!this.ready || postId <= 0) return;
    const now = this.clock.now();
    const draft = this.editor.draft(now);
    const multiple = this.editor.multiple;
    this.removeTapped();
    await this.service.create({ type: 'post', id: String(postId) }, draft, multiple, now, true);
  }
}

/** /publishDynamic's 投票 row and editor: the app's one PendingPoll (votes-bindings.ts). */
export const PendingPollModel = viewModelToken<PendingPoll>('PendingPoll');

/** The poll card's view-model (votes-bindings.ts). */
export const PollCardModel = viewModelToken<PollCardViewModel, PollCardProps>('PollCardViewModel');

/** One row of /voteManage. */
export interface PollRow {
  id: number;
  question: string;
  /** 动态：… / 视频：… */
  whereText: string;
  votersText: string;
  stateText: string;
  ended: boolean;
  /** YYYY-MM-DD HH:mm截止 */
  endText: string;
  /** Where it is attached: the route and its query. */
  link: { path: string; query: Record<string, string> };
}

function toRow(poll: PollSummary, offsetMinutes: number): PollRow {
  const title = poll.targetTitle || (poll.targetType === 'post' ? '我的动态' : poll.targetId);
  return {
    id: poll.id,
    question: poll.question,
    whereText: `${poll.targetType === 'post' ? VotesTexts.onPost : VotesTexts.onVideo}：${title}`,
    votersText: `${poll.voters}人参与`,
    stateText: pollStateText(poll.ended),
    ended: poll.ended,
    endText: endTimeText(poll.endTime, offsetMinutes),
    link: poll.targetType === 'post' ? { path: '/dynamicDetail', query: { id: poll.targetId } } : { path: `/play/${encodeURIComponent(poll.targetId)}`, query: {} },
  };
}

/** /voteManage: one's polls (question, where, votes, 进行中/已结束, end time), ending one early or deleting it. */
export class VoteManageViewModel {
  readonly list: PagedListModel<PollRow>;
  busy: number | null = null;

  constructor(
    private readonly service: PollService,
    private readonly navigator: Navigator,
    private readonly notifier: Notifier,
    private readonly session: Pick<SessionModel, 'loggedIn'>,
    clock: Clock,
  ) {
    this.list = new PagedListModel(async (page, size) => {
      const offset = clock.utcOffsetMinutes(clock.now());
      return { list: (await this.service.mine(page, size)).list.map((poll) => toRow(poll, offset)) };
    }, PollLimits.defaultPageSize);
    makeAutoObservable<VoteManageViewModel, 'service' | 'navigator' | 'notifier' | 'session'>(this, { service: false, navigator: false, notifier: false, session: false, list: false }, { autoBind: true });
  }

  get loggedIn(): boolean {
    return this.session.loggedIn;
  }

  /** A visitor goes to /login, to come back here. */
  visitorSentToLogin(): void {
    if (!this.session.loggedIn) this.navigator.replace(LOGIN, { redirect: '/voteManage' });
  }

  rowTapped(row: PollRow): void {
    this.navigator.push(row.link.path, row.link.query);
  }

  async endTapped(row: PollRow): Promise<void> {
    if (this.busy !== null || row.ended) return;
    const yes = await this.notifier.confirm({ title: VotesTexts.endTitle, message: VotesTexts.endConfirm, confirmText: VotesTexts.end, cancelText: VotesTexts.cancel });
    if (yes) await this.act(row.id, () => this.service.end(row.id));
  }

  async deleteTapped(row: PollRow): Promise<void> {
    if (this.busy !== null) return;
    const yes = await this.notifier.confirm({ title: VotesTexts.deleteTitle, message: VotesTexts.deleteConfirm, confirmText: VotesTexts.delete, cancelText: VotesTexts.cancel });
    if (yes) await this.act(row.id, () => this.service.remove(row.id));
  }

  private async act(id: number, action: () => Promise<unknown>): Promise<void> {
    this.busy = id;
    try {
      await action();
      await this.list.refresh();
    } catch {
      // The request layer showed the server's message.
    } finally {
      runInAction(() => (this.busy = null));
    }
  }
}

export const VoteManageModel = viewModelToken<VoteManageViewModel>('VoteManageViewModel');
