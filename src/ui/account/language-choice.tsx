import { observer } from 'mobx-react-lite';
import { useViewModel } from '../app/container-context.tsx';
import { LanguageChoiceModel } from './language-view-model.ts';
import { LanguageTexts } from '../../core/account/account-texts.ts';

/** The 语言 section of /settings: 简体中文 / 繁體中文 as two radio rows. */
export const LanguageChoice = observer(function LanguageChoice() {
  const vm = useViewModel(LanguageChoiceModel);
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
