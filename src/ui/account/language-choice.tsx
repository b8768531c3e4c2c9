import { observer } from 'mobx-react-lite';
import { LanguageService } from '../../core/language/language-service.ts';
import { Notifier } from '../../core/ports/notifier.ts';
import { useViewModel } from '../app/container-context.tsx';
import { LanguageChoiceViewModel, LanguageTexts } from './language-view-model.ts';

/** The 语言 section of /settings: 简体中文 / 繁體中文 as two radio rows. */
export const LanguageChoice = observer(function LanguageChoice() {
  const vm = useViewModel((c) => new LanguageChoiceViewModel(c.get(LanguageService), c.get<Notifier>(Notifier)));
  return (
    <div className="account-list" role="radiogroup" aria-label={LanguageTexts.title} data-testid="language-choice">
      <div className="account-row account-row--header">{LanguageTexts.title}</div>
      {vm.options.map((option) => (
        <button
          key={option.language}
          type="button"
          role="radio"
          aria-checked={option.selected}
          aria-busy={option.switching}
          className={option.selected ? 'account-row account-row--selected' : 'account-row'}
          data-testid={`language-${option.language}`}
          onClick={() => void vm.languageChosen(option.language)}
        >
          <span translate="no">{option.label}</span>
          {option.selected && <span className="account-row__arrow">✓</span>}
        </button>
      ))}
    </div>
  );
});
