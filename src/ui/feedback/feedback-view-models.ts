import { makeAutoObservable, runInAction } from 'mobx';
import {
  EMPTY_FEEDBACK_FORM,
  canSubmitFeedback,
  chooseSingle,
  cutToLength,
  feedbackLanguageOf,
  sectionOptions,
  sectionTitle,
  suggestionProblem,
  textLength,
  toggleQuestion,
  type FeedbackContext,
  type FeedbackForm,
  type FeedbackLanguage,
  type FeedbackSection,
} from '../../core/feedback/feedback-rules.ts';
import { FeedbackLimits } from '../../core/feedback/feedback-texts.ts';
import type { FeedbackService } from '../../core/feedback/feedback-service.ts';
import { viewModelToken } from '../app/view-model-token.ts';

/** The page's own labels, in the page's script. */
const FeedbackUiTexts: Record<FeedbackLanguage, { description: string; placeholder: string; submit: string; video: string }> = {
  'zh-CN': { description: '问题描述（选填）', placeholder: '请描述您遇到的问题', submit: '提交', video: '反馈视频' },
  'zh-TW': { description: '問題描述（選填）', placeholder: '請描述您遇到的問題', submit: '提交', video: '反饋視頻' },
};

export interface PlayFeedbackQuery {
  from?: string | null;
  language?: string | null;
  gid?: string | null;
  name?: string | null;
  videoTitle?: string | null;
}

export interface SectionView {
  section: FeedbackSection;
  title: string;
  options: readonly string[];
  multiple: boolean;
}

/**
 * /playFeedBack: device and browser single choice (browser only outside the native app), questions multi-choice,
 * an optional description cut at 100 characters. Submit looks enabled only when the required sections are filled;
 * a tap while one is missing toasts 请选择 + its title.
 */
export class PlayFeedbackViewModel {
  form: FeedbackForm = EMPTY_FEEDBACK_FORM;
  submitting = false;
  sent = false;
  readonly language: FeedbackLanguage;
  readonly context: FeedbackContext;

  constructor(
    private readonly service: Pick<FeedbackService, 'sendPlayFeedback' | 'cancelPendingClose'>,
    query: PlayFeedbackQuery,
  ) {
    this.language = feedbackLanguageOf(query.language);
    this.context = { from: (query.from ?? '').trim(), gid: query.gid ?? '', name: query.name ?? '', videoTitle: query.videoTitle ?? '' };
    makeAutoObservable<PlayFeedbackViewModel, 'service'>(this, { service: false, language: false, context: false }, { autoBind: true });
  }

  get fromApp(): boolean {
    return this.context.from !== '';
  }

  get sections(): SectionView[] {
    const shown: FeedbackSection[] = this.fromApp ? ['device', 'question'] : ['device', 'browser', 'question'];
    return shown.map((section) => ({
      section,
      title: sectionTitle(section, this.language),
      options: sectionOptions(section, this.language),
      multiple: section === 'question',
    }));
  }

  get texts() {
    return FeedbackUiTexts[this.language];
  }

  get videoLine(): string {
    return [this.context.videoTitle, this.context.name].filter(Boolean).join(' ');
  }

  get counterText(): string {
    return `${textLength(this.form.description)}/${FeedbackLimits.descriptionMax}`;
  }

  get canSubmit(): boolean {
    return canSubmitFeedback(this.form, this.fromApp) && !this.submitting && !this.sent;
  }

  isChosen(section: FeedbackSection, option: string): boolean {
    if (section === 'device') return this.form.device === option;
    if (section === 'browser') return this.form.browser === option;
    return this.form.questions.includes(option);
  }

  optionTapped(section: FeedbackSection, option: string): void {
    if (section === 'device') this.form = { ...this.form, device: chooseSingle(this.form.device, option) };
    else if (section === 'browser') this.form = { ...this.form, browser: chooseSingle(this.form.browser, option) };
    else this.form = { ...this.form, questions: toggleQuestion(this.form.questions, option, sectionOptions('question', this.language)) };
  }

  /** Typed or pasted text: never more than 100 characters, whatever the input let through. */
  descriptionChanged(text: string): void {
    this.form = { ...this.form, description: cutToLength(text, FeedbackLimits.descriptionMax) };
  }

  async submitTapped(): Promise<void> {
    if (this.submitting || this.sent) return;
    this.submitting = true;
    const outcome = await this.service.sendPlayFeedback(this.form, this.context, this.language);
    runInAction(() => {
      this.submitting = false;
      this.sent = outcome.kind === 'sent';
    });
  }

  left(): void {
    this.service.cancelPendingClose();
  }
}

/** /feedback: a suggestion (required, at most 500 characters) and an optional contact (at most 50). */
export class SuggestionViewModel {
  content = '';
  contact = '';
  submitting = false;
  sent = false;

  constructor(private readonly service: Pick<FeedbackService, 'sendSuggestion' | 'cancelPendingClose'>) {
    makeAutoObservable<SuggestionViewModel, 'service'>(this, { service: false }, { autoBind: true });
  }

  get counterText(): string {
    return `${textLength(this.content)}/${FeedbackLimits.suggestionMax}`;
  }

  get canSubmit(): boolean {
    return suggestionProblem(this.content, this.contact) === null && !this.submitting && !this.sent;
  }

  contentChanged(text: string): void {
    this.content = cutToLength(text, FeedbackLimits.suggestionMax);
  }

  contactChanged(text: string): void {
    this.contact = cutToLength(text, FeedbackLimits.contactMax);
  }

  async submitTapped(): Promise<void> {
    if (this.submitting || this.sent) return;
    this.submitting = true;
    const outcome = await this.service.sendSuggestion(this.content, this.contact);
    runInAction(() => {
      this.submitting = false;
      this.sent = outcome.kind === 'sent';
    });
  }

  left(): void {
    this.service.cancelPendingClose();
  }
}

/** /playFeedBack's view-model, made from the page's query; bound by the composition root (feedback-bindings.ts). */
export const PlayFeedbackModel = viewModelToken<PlayFeedbackViewModel, PlayFeedbackQuery>('PlayFeedbackViewModel');
/** /feedback's view-model, bound by the composition root (feedback-bindings.ts). */
export const SuggestionModel = viewModelToken<SuggestionViewModel>('SuggestionViewModel');
