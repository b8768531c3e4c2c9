import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { FeedbackLimits, SuggestionUiTexts } from '../../core/feedback/feedback-texts.ts';
import { useViewModel } from '../app/container-context.tsx';
import { NavBar } from '../common/nav-bar.tsx';
import { PlayFeedbackModel, SuggestionModel } from './feedback-view-models.ts';
import './feedback.css';

/** /playFeedBack?from&language&gid&name&videoTitle — the play feedback form (nav bar hidden with hideNavBar). */
export const PlayFeedbackScreen = observer(function PlayFeedbackScreen() {
  const [search] = useSearchParams();
  const vm = useViewModel(PlayFeedbackModel, {
    from: search.get('from'),
    language: search.get('language'),
    gid: search.get('gid'),
    name: search.get('name'),
    videoTitle: search.get('videoTitle'),
  });
  useEffect(() => () => vm.left(), [vm]);
  const texts = vm.texts;
  return (
    <div className="page feedback-page" lang={vm.language}>
      {search.get('hideNavBar') === null && <NavBar title={vm.language === 'zh-TW' ? '播放反饋' : '播放反馈'} />}
      {vm.videoLine && (
        <p className="feedback-video" data-testid="feedback-video">
          {texts.video}：{vm.videoLine}
        </p>
      )}
      {vm.sections.map((section) => (
        <fieldset key={section.section} className="feedback-section" data-section={section.section}>
          <legend className="feedback-section__title">{section.title}</legend>
          <div className="feedback-options">
            {section.options.map((option) => {
              const chosen = vm.isChosen(section.section, option);
              return (
                <label key={option} className={`feedback-option ${chosen ? 'feedback-option--chosen' : ''}`}>
                  <input
                    type={section.multiple ? 'checkbox' : 'radio'}
                    name={section.section}
                    value={option}
                    checked={chosen}
                    onChange={() => vm.optionTapped(section.section, option)}
                  />
                  <span>{option}</span>
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
      <div className="feedback-form">
        <label className="feedback-section__title" htmlFor="feedback-description">{texts.description}</label>
        <textarea
          id="feedback-description"
          className="feedback-textarea"
          placeholder={texts.placeholder}
          value={vm.form.description}
          maxLength={FeedbackLimits.descriptionMax}
          onChange={(event) => vm.descriptionChanged(event.target.value)}
        />
        <p className="feedback-counter" data-testid="feedback-counter">{vm.counterText}</p>
        {/* Looks disabled until the required sections are filled, but still answers a tap with 请选择 + the missing section. */}
        <button
          type="button"
          className={`primary-button ${vm.canSubmit ? '' : 'primary-button--inactive'}`}
          aria-disabled={!vm.canSubmit}
          data-testid="feedback-submit"
          onClick={() => void vm.submitTapped()}
        >
          {texts.submit}
        </button>
      </div>
    </div>
  );
});

/** /feedback — a suggestion with an optional contact. */
export const SuggestionScreen = observer(function SuggestionScreen() {
  const [search] = useSearchParams();
  const vm = useViewModel(SuggestionModel);
  useEffect(() => () => vm.left(), [vm]);
  return (
    <div className="page feedback-page">
      {search.get('hideNavBar') === null && <NavBar title={SuggestionUiTexts.title} />}
      <div className="feedback-form">
        <label className="feedback-section__title" htmlFor="suggestion-content">{SuggestionUiTexts.content}</label>
        <textarea
          id="suggestion-content"
          className="feedback-textarea feedback-textarea--tall"
          placeholder={SuggestionUiTexts.contentPlaceholder}
          value={vm.content}
          maxLength={FeedbackLimits.suggestionMax}
          onChange={(event) => vm.contentChanged(event.target.value)}
        />
        <p className="feedback-counter">{vm.counterText}</p>
        <label className="feedback-section__title" htmlFor="suggestion-contact">{SuggestionUiTexts.contact}</label>
        <input
          id="suggestion-contact"
          className="feedback-input"
          placeholder={SuggestionUiTexts.contactPlaceholder}
          value={vm.contact}
          maxLength={FeedbackLimits.contactMax}
          onChange={(event) => vm.contactChanged(event.target.value)}
        />
        <button type="button" className="primary-button" disabled={!vm.canSubmit} onClick={() => void vm.submitTapped()}>
          {SuggestionUiTexts.submit}
        </button>
      </div>
    </div>
  );
});
