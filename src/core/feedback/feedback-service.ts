import type { Clock, TimerId } from '../ports/clock.ts';
import type { NativeBridge } from '../ports/native-bridge.ts';
import type { Navigator } from '../ports/navigator.ts';
import type { Notifier } from '../ports/notifier.ts';
import type { ApiClient } from '../request/api-client.ts';
import { FeedbackCalls } from './feedback-protocol.ts';
import {
  NATIVE_CLOSE_CALL,
  feedbackPayload,
  firstMissingSection,
  missingSelectionMessage,
  suggestionProblem,
  textLength,
  type FeedbackContext,
  type FeedbackForm,
  type FeedbackLanguage,
} from './feedback-rules.ts';
import { FeedbackLimits, FeedbackTexts } from './feedback-texts.ts';

export type FeedbackOutcome = { kind: 'sent' } | { kind: 'refused'; message: string } | { kind: 'failed' };

export interface FeedbackDeps {
  api: ApiClient;
  clock: Clock;
  notifier: Notifier;
  navigator: Navigator;
  bridge: NativeBridge;
}

/**
 * Play feedback (ProblemCollect) and suggestions (AddSuggestion). A form problem is toasted here (请选择 + the
 * section title, 1500 ms at the bottom); the server's thanks message is toasted by the request layer (notice)
 * and 1500 ms later the page closes through the native bridge, or goes back in a browser.
 */
export class FeedbackService {
  private pendingClose: TimerId | null = null;

  constructor(private readonly deps: FeedbackDeps) {}

  async sendPlayFeedback(form: FeedbackForm, context: FeedbackContext, language: FeedbackLanguage): Promise<FeedbackOutcome> {
    const missing = firstMissingSection(form, context.from !== '');
    if (missing !== null) return this.refuse(missingSelectionMessage(missing, language));
    if (textLength(form.description) > FeedbackLimits.descriptionMax) return this.refuse(FeedbackTexts.descriptionTooLong);
    return this.send(() => this.deps.api.request(FeedbackCalls.problemCollect, feedbackPayload(form, context), { notice: true }));
  }

  async sendSuggestion(content: string, contact: string): Promise<FeedbackOutcome> {
    const problem = suggestionProblem(content, contact);
    if (problem !== null) return this.refuse(problem);
    const trimmedContact = contact.trim();
    return this.send(() => this.deps.api.request(FeedbackCalls.addSuggestion, { content: content.trim(), ...(trimmedContact ? { contact: trimmedContact } : {}) }, { notice: true }));
  }

  /** Forgets a close still waiting (the page was left before it ran). */
  cancelPendingClose(): void {
    if (this.pendingClose !== null) this.deps.clock.cancelSchedule(this.pendingClose);
    this.pendingClose = null;
  }

  private refuse(message: string): FeedbackOutcome {
    this.deps.notifier.toast(message, { durationMs: FeedbackLimits.toastMs, position: 'bottom' });
    return { kind: 'refused', message };
  }

  private async send(request: () => Promise<unknown>): Promise<FeedbackOutcome> {
    try {
      await request();
    } catch {
      return { kind: 'failed' };
    }
    this.cancelPendingClose();
    this.pendingClose = this.deps.clock.schedule(() => {
      this.pendingClose = null;
      if (!this.deps.bridge.call(NATIVE_CLOSE_CALL)) this.deps.navigator.back();
    }, FeedbackLimits.closeDelayMs);
    return { kind: 'sent' };
  }
}
