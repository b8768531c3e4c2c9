import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_FEEDBACK_FORM,
  FEEDBACK_OPTIONS,
  canSubmitFeedback,
  cutToLength,
  feedbackPayload,
  feedbackPayloadProblem,
  firstMissingSection,
  hasControlCharacters,
  requiredSections,
  textLength,
  toggleQuestion,
  type FeedbackForm,
} from '../../src/core/feedback/feedback-rules.ts';
import { FeedbackLimits } from '../../src/core/feedback/feedback-texts.ts';

const languageArb = fc.constantFrom('zh-CN' as const, 'zh-TW' as const);

/** A form built by random taps of a person: options of one script, a description of any length. */
const formArb = languageArb.chain((language) => {
  const options = FEEDBACK_OPTIONS[language];
  return fc
    .record({
      device: fc.option(fc.constantFrom(...options.device.options), { nil: null }),
      browser: fc.option(fc.constantFrom(...options.browser.options), { nil: null }),
      taps: fc.array(fc.constantFrom(...options.question.options), { maxLength: 12 }),
      description: fc.string({ unit: 'grapheme', maxLength: 130 }),
    })
    .map(({ device, browser, taps, description }): { form: FeedbackForm; language: typeof language } => {
      let questions: string[] = [];
      for (const tap of taps) questions = toggleQuestion(questions, tap, options.question.options);
      return { form: { ...EMPTY_FEEDBACK_FORM, device, browser, questions, description: cutToLength(description, FeedbackLimits.descriptionMax) }, language };
    });
});

describe('feedback form rules', () => {
  it('submit is enabled exactly when no required section is missing, and the server accepts what the app sends', () => {
    fc.assert(
      fc.property(formArb, fc.boolean(), ({ form }, fromApp) => {
        const missing = firstMissingSection(form, fromApp);
        expect(canSubmitFeedback(form, fromApp)).toBe(missing === null);
        if (missing !== null) expect(requiredSections(fromApp)).toContain(missing);
        const payload = feedbackPayload(form, { gid: '1', name: '', videoTitle: '', from: fromApp ? 'app' : '' });
        const problem = feedbackPayloadProblem({ ...payload, fromApp });
        if (missing === null && !hasControlCharacters(payload.description)) expect(problem).toBeNull();
        if (missing !== null) expect(problem).toEqual({ kind: 'missing', section: missing });
      }),
    );
  });

  it('questions stay unique, in the offered order, and split back from the # join', () => {
    fc.assert(
      fc.property(formArb, ({ form, language }) => {
        const offered = FEEDBACK_OPTIONS[language].question.options;
        expect(new Set(form.questions).size).toBe(form.questions.length);
        expect([...form.questions]).toEqual(offered.filter((item) => form.questions.includes(item)));
        const joined = feedbackPayload(form, { gid: '', name: '', videoTitle: '', from: '' }).question;
        expect(joined === '' ? [] : joined.split('#')).toEqual(form.questions);
      }),
    );
  });

  it('a description is never longer than 100 characters and a short one is kept whole', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (text) => {
        const cut = cutToLength(text, FeedbackLimits.descriptionMax);
        expect(textLength(cut)).toBeLessThanOrEqual(FeedbackLimits.descriptionMax);
        expect(text.startsWith(cut)).toBe(true);
        if (textLength(text) <= FeedbackLimits.descriptionMax) expect(cut).toBe(text);
      }),
    );
  });
});
