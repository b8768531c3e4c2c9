import { makeAutoObservable, runInAction } from 'mobx';
import type { Language } from '../../core/language/language.ts';
import type { LanguageService } from '../../core/language/language-service.ts';
import type { Notifier } from '../../core/ports/notifier.ts';
import { viewModelToken } from '../app/view-model-token.ts';
import { LanguageTexts } from '../../core/account/account-texts.ts';

/** Each language named in its own script, as language pickers do (the labels are kept out of the conversion). */
const LANGUAGE_OPTIONS: readonly { language: Language; label: string }[] = [
  { language: 'zh-CN', label: '简体中文' },
  { language: 'zh-TW', label: '繁體中文' },
];

const FAILED_TOAST_MS = 1500;

/** The 语言 choice on /settings: the chosen language is ticked; choosing another converts the page and stores it. */
export class LanguageChoiceViewModel {
  language: Language;
  /** The language being switched to (its converter may still be loading). */
  switching: Language | null = null;

  constructor(
    private readonly service: Pick<LanguageService, 'current' | 'switchTo'>,
    private readonly notifier: Notifier,
  ) {
    this.language = service.current();
    makeAutoObservable<LanguageChoiceViewModel, 'service' | 'notifier'>(this, { service: false, notifier: false }, { autoBind: true });
  }

  get options(): { language: Language; label: string; selected: boolean; switching: boolean }[] {
    return LANGUAGE_OPTIONS.map((option) => ({ ...option, selected: option.language === this.language, switching: option.language === this.switching }));
  }

  async languageChosen(language: Language): Promise<void> {
    if (language === this.language || this.switching) return;
    this.switching = language;
    try {
      await this.service.switchTo(language);
      runInAction(() => {
        this.language = language;
      });
    } catch {
      this.notifier.toast(LanguageTexts.failed, { durationMs: FAILED_TOAST_MS, position: 'bottom' });
    } finally {
      runInAction(() => {
        this.switching = null;
      });
    }
  }
}

/** The 语言 section's view-model, bound by the composition root (account-screen-bindings.ts). */
export const LanguageChoiceModel = viewModelToken<LanguageChoiceViewModel>('LanguageChoiceViewModel');
