import { makeAutoObservable, runInAction } from 'mobx';
import { AVATAR_CHOICES } from '../../core/account/avatar-choices.ts';
import type { ProfileChange, ProfileService } from '../../core/account/profile-service.ts';
import { Gender, INTRODUCTION_MAX, characterCount, checkIntroduction, checkNickName, genderText } from '../../core/account/profile-rules.ts';
import { DEFAULT_AVATAR } from '../../core/display/icons.ts';
import type { Navigator } from '../../core/ports/navigator.ts';
import type { SessionModel } from '../app/session-model.ts';
import { viewModelToken } from '../app/view-model-token.ts';

type Saver = Pick<ProfileService, 'save'>;

/** Shared by the edit screens: one save at a time, its error, and the way back. */
export class ProfileSaver {
  saving = false;
  error = '';

  constructor(
    private readonly profile: Saver,
    private readonly navigator: Navigator,
  ) {
    makeAutoObservable<ProfileSaver, 'profile' | 'navigator'>(this, { profile: false, navigator: false }, { autoBind: true });
  }

  fail(message: string): void {
    this.error = message;
  }

  clearError(): void {
    this.error = '';
  }

  async save(change: ProfileChange, backAfter: boolean): Promise<boolean> {
    if (this.saving) return false;
    this.saving = true;
    const outcome = await this.profile.save(change);
    runInAction(() => {
      this.saving = false;
      this.error = outcome.ok ? '' : outcome.message;
    });
    if (outcome.ok && backAfter) this.navigator.back();
    return outcome.ok;
  }
}

/** /editInfo: the profile at a glance, its edit entries and the avatar choice. */
export class EditInfoViewModel {
  choosingAvatar = false;

  readonly saver: ProfileSaver;

  constructor(
    private readonly session: SessionModel,
    profile: Saver,
    private readonly navigator: Navigator,
  ) {
    this.saver = new ProfileSaver(profile, navigator);
    makeAutoObservable<EditInfoViewModel, 'session' | 'navigator'>(
      this,
      { session: false, navigator: false, saver: false },
      { autoBind: true },
    );
  }

  get loggedIn(): boolean {
    return this.session.loggedIn;
  }

  get saving(): boolean {
    return this.saver.saving;
  }

  get error(): string {
    return this.saver.error;
  }

  /** A visitor has nothing to edit: log in first, then come back here. */
  loginTapped(path: string): void {
    this.navigator.replace('/login', { redirect: path });
  }

  get avatar(): string {
    return this.session.user?.avatar || DEFAULT_AVATAR;
  }

  get nickName(): string {
    return this.session.user?.nickName ?? '';
  }

  get genderText(): string {
    return genderText(this.session.user?.gender ?? null);
  }

  get introduction(): string {
    return this.session.user?.introduction || '这个人很懒，什么都没写';
  }

  get avatarChoices(): readonly string[] {
    return AVATAR_CHOICES;
  }

  avatarTapped(): void {
    this.choosingAvatar = true;
  }

  avatarChoiceClosed(): void {
    this.choosingAvatar = false;
  }

  async avatarChosen(url: string): Promise<void> {
    this.choosingAvatar = false;
    if (url === this.session.user?.avatar) return;
    await this.saver.save({ avatar: url }, false);
  }

  open(path: '/editNickname' | '/editGender' | '/editIntroduce'): void {
    this.navigator.push(path);
  }
}

/** /editNickname */
export class EditNicknameViewModel {
  value: string;

  readonly saver: ProfileSaver;

  constructor(
    private readonly session: SessionModel,
    profile: Saver,
    private readonly navigator: Navigator,
  ) {
    this.saver = new ProfileSaver(profile, navigator);
    this.value = session.user?.nickName ?? '';
    makeAutoObservable<EditNicknameViewModel, 'session' | 'navigator'>(
      this,
      { session: false, navigator: false, saver: false },
      { autoBind: true },
    );
  }

  get loggedIn(): boolean {
    return this.session.loggedIn;
  }

  get saving(): boolean {
    return this.saver.saving;
  }

  get error(): string {
    return this.saver.error;
  }

  /** A visitor has nothing to edit: log in first, then come back here. */
  loginTapped(path: string): void {
    this.navigator.replace('/login', { redirect: path });
  }

  changed(value: string): void {
    this.value = value;
    this.saver.clearError();
  }

  get canSave(): boolean {
    return !this.saver.saving && this.value.trim() !== '' && this.value.trim() !== (this.session.user?.nickName ?? '');
  }

  async saveTapped(): Promise<void> {
    const problem = checkNickName(this.value);
    if (problem) {
      this.saver.fail(problem);
      return;
    }
    await this.saver.save({ nickName: this.value }, true);
  }
}

/** /editGender: a tap on 男 or 女 saves at once. */
export class EditGenderViewModel {
  readonly saver: ProfileSaver;

  constructor(
    private readonly session: SessionModel,
    profile: Saver,
    private readonly navigator: Navigator,
  ) {
    this.saver = new ProfileSaver(profile, navigator);
    makeAutoObservable<EditGenderViewModel, 'session' | 'navigator'>(
      this,
      { session: false, navigator: false, saver: false },
      { autoBind: true },
    );
  }

  get loggedIn(): boolean {
    return this.session.loggedIn;
  }

  get saving(): boolean {
    return this.saver.saving;
  }

  get error(): string {
    return this.saver.error;
  }

  /** A visitor has nothing to edit: log in first, then come back here. */
  loginTapped(path: string): void {
    this.navigator.replace('/login', { redirect: path });
  }

  get options(): { gender: Gender; label: string; selected: boolean }[] {
    const current = this.session.user?.gender ?? null;
    return [Gender.Male, Gender.Female].map((gender) => ({ gender, label: genderText(gender), selected: current === gender }));
  }

  async chosen(gender: Gender): Promise<void> {
    if (gender === this.session.user?.gender) {
      this.navigator.back();
      return;
    }
    await this.saver.save({ gender }, true);
  }
}

/** /editIntroduce: up to 100 characters. */
export class EditIntroduceViewModel {
  value: string;

  readonly saver: ProfileSaver;

  constructor(
    private readonly session: SessionModel,
    profile: Saver,
    private readonly navigator: Navigator,
  ) {
    this.saver = new ProfileSaver(profile, navigator);
    this.value = session.user?.introduction ?? '';
    makeAutoObservable<EditIntroduceViewModel, 'session' | 'navigator'>(
      this,
      { session: false, navigator: false, saver: false },
      { autoBind: true },
    );
  }

  get loggedIn(): boolean {
    return this.session.loggedIn;
  }

  get saving(): boolean {
    return this.saver.saving;
  }

  get error(): string {
    return this.saver.error;
  }

  /** A visitor has nothing to edit: log in first, then come back here. */
  loginTapped(path: string): void {
    this.navigator.replace('/login', { redirect: path });
  }

  changed(value: string): void {
    this.value = value;
    this.saver.clearError();
  }

  get counter(): string {
    return `${characterCount(this.value.trim())}/${INTRODUCTION_MAX}`;
  }

  get tooLong(): boolean {
    return characterCount(this.value.trim()) > INTRODUCTION_MAX;
  }

  get canSave(): boolean {
    return !this.saver.saving && !this.tooLong && this.value.trim() !== (this.session.user?.introduction ?? '');
  }

  async saveTapped(): Promise<void> {
    const problem = checkIntroduction(this.value);
    if (problem) {
      this.saver.fail(problem);
      return;
    }
    await this.saver.save({ introduction: this.value }, true);
  }
}

/** The profile edit pages' view-models (/editInfo, /editNickname, /editGender, /editIntroduce), bound by the composition root (account-screen-bindings.ts). */
export const EditInfoModel = viewModelToken<EditInfoViewModel>('EditInfoViewModel');
export const EditNicknameModel = viewModelToken<EditNicknameViewModel>('EditNicknameViewModel');
export const EditGenderModel = viewModelToken<EditGenderViewModel>('EditGenderViewModel');
export const EditIntroduceModel = viewModelToken<EditIntroduceViewModel>('EditIntroduceViewModel');
