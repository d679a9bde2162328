import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import {
  feedbackMachine,
  MAX_DESCRIPTION,
  type Capture,
  type Crop,
  type FeedbackReport,
  type Screenshot,
} from '../../machines/feedback.machine';
import { CropEditor } from './crop-editor';
import { feedbackTexts as texts, problemTexts } from './feedback-texts';
import { keepTabInside } from '../../lib/focus-trap';
import { usePortalActor } from '../../lib/use-portal-actor';
import { config } from '../../config';
import './feedback-widget.css';

/** What the widget does outside itself: provided by src/reporting (and by tests). */
export interface FeedbackEffects {
  send: (report: FeedbackReport) => Promise<void>;
  capture: () => Promise<Capture>;
  crop: (input: { capture: Capture; crop: Crop }) => Promise<Screenshot>;
  /** Whether this browser can take a screenshot at all; without, the button is not offered. */
  canCapture: boolean;
}

/** SPEC §9 feedback widget: the floating button "Fehler melden", its dialog and the thanks. */
export function FeedbackWidget({ effects }: { effects: FeedbackEffects }) {
  const actor = usePortalActor(feedbackMachine, {
    actors: {
      captureScreenshot: fromPromise(() => effects.capture()),
      cropScreenshot: fromPromise(({ input }: { input: { capture: Capture; crop: Crop } }) => effects.crop(input)),
      sendReport: fromPromise(({ input }: { input: FeedbackReport }) => effects.send(input)),
    },
  });
  const closed = useSelector(actor, (snapshot) => snapshot.matches('closed'));
  const thanks = useSelector(actor, (snapshot) => snapshot.matches('thanks'));
  const triggerRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  // Focus goes back to the button once the dialog is gone (WCAG 2.4.3).
  useEffect(() => {
    if (closed && wasOpen.current) triggerRef.current?.focus();
    wasOpen.current = !closed;
  }, [closed]);

  if (thanks) {
    return (
      <div className="fb-thanks-region" role="status">
        <button type="button" className="fb-thanks" onClick={() => actor.send({ type: 'thanks.dismiss' })}>
          {texts.thanks}
        </button>
      </div>
    );
  }
  if (closed) {
    return (
      <button
        ref={triggerRef}
        type="button"
        className="fb-trigger"
        aria-haspopup="dialog"
        onClick={() => actor.send({ type: 'feedback.open' })}
      >
        {texts.trigger}
      </button>
    );
  }
  return <FeedbackDialog actor={actor} canCapture={effects.canCapture} />;
}

function FeedbackDialog({ actor, canCapture }: { actor: ActorRefFrom<typeof feedbackMachine>; canCapture: boolean }) {
  const id = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const descriptionRef = useRef<HTMLTextAreaElement>(null);
  const description = useSelector(actor, (snapshot) => snapshot.context.description);
  const problem = useSelector(actor, (snapshot) => snapshot.context.problem);
  const capture = useSelector(actor, (snapshot) => snapshot.context.capture);
  const crop = useSelector(actor, (snapshot) => snapshot.context.crop);
  const screenshot = useSelector(actor, (snapshot) => snapshot.context.screenshot);
  const capturing = useSelector(actor, (snapshot) => snapshot.matches({ open: 'capturing' }));
  const cropping = useSelector(
    actor,
    (snapshot) => snapshot.matches({ open: 'cropping' }) || snapshot.matches({ open: 'cutting' }),
  );
  const cutting = useSelector(actor, (snapshot) => snapshot.matches({ open: 'cutting' }));
  const sending = useSelector(actor, (snapshot) => snapshot.matches({ open: 'sending' }));
  const fieldProblem = problem === 'required' || problem === 'tooLong' ? problem : null;
  const lineProblem = fieldProblem ? null : problem;

  useEffect(() => {
    descriptionRef.current?.focus();
  }, []);
  useEffect(() => {
    if (fieldProblem) descriptionRef.current?.focus();
  }, [fieldProblem]);

  // A modal dialog: Escape closes it, Tab stays inside (WCAG 2.1.2 with aria-modal).
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      actor.send({ type: 'feedback.cancel' });
      return;
    }
    keepTabInside(event, dialogRef.current);
  };

  return (
    <div className="fb-backdrop">
      <div
        ref={dialogRef}
        className="fb-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-intro`}
        onKeyDown={onKeyDown}
      >
        <h2 id={`${id}-title`} className="fb-title">
          {texts.title}
        </h2>
        <p id={`${id}-intro`} className="fb-hint">
          {texts.intro}
        </p>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            actor.send({ type: 'feedback.submit' });
          }}
        >
          <div className="fb-field">
            <label htmlFor={`${id}-description`}>
              {texts.description} <span className="fb-required">{texts.required}</span>
            </label>
            <textarea
              ref={descriptionRef}
              id={`${id}-description`}
              name="description"
              rows={5}
              required
              maxLength={MAX_DESCRIPTION + 1}
              placeholder={texts.placeholder}
              readOnly={sending}
              value={description}
              aria-invalid={fieldProblem ? true : undefined}
              aria-describedby={fieldProblem ? `${id}-description-error` : undefined}
              onChange={(event) => actor.send({ type: 'description.change', value: event.target.value })}
            />
            {fieldProblem && (
              <p id={`${id}-description-error`} className="fb-field-error">
                {problemTexts[fieldProblem]}
              </p>
            )}
          </div>

          {cropping && capture && (
            <CropEditor
              capture={capture}
              crop={crop}
              busy={cutting}
              onChange={(change) => actor.send({ type: 'crop.change', crop: change })}
              onConfirm={() => actor.send({ type: 'crop.confirm' })}
              onRemove={() => actor.send({ type: 'screenshot.remove' })}
            />
          )}
          {capturing && (
            <p className="fb-hint" role="status">
              {texts.capturing}
            </p>
          )}
          {screenshot && !cropping && (
            <figure className="fb-screenshot">
              <img src={screenshot.url} alt={texts.screenshotAlt} />
              <figcaption>{texts.screenshotName}</figcaption>
            </figure>
          )}

          <p className="fb-error-line" role="alert">
            {lineProblem ? problemTexts[lineProblem] : ''}
          </p>

          {/* What the report carries and who receives it (decision 032). */}
          <p className="fb-hint fb-privacy">
            {texts.privacy}{' '}
            <a href={config.privacyUrl} target="_blank" rel="noopener noreferrer">
              {texts.privacyLink}
            </a>
          </p>
          <div className="fb-actions">
            {canCapture && !screenshot && !cropping && (
              <button
                type="button"
                className="button-secondary"
                disabled={capturing || sending}
                onClick={() => actor.send({ type: 'screenshot.add' })}
              >
                {texts.addScreenshot}
              </button>
            )}
            {screenshot && !cropping && (
              <button
                type="button"
                className="button-secondary"
                disabled={sending}
                onClick={() => actor.send({ type: 'screenshot.remove' })}
              >
                {texts.removeScreenshot}
              </button>
            )}
            <button
              type="button"
              className="button-secondary"
              disabled={sending}
              onClick={() => actor.send({ type: 'feedback.cancel' })}
            >
              {texts.cancel}
            </button>
            <button
              type="submit"
              className="button-primary"
              disabled={sending || capturing || cropping}
              aria-busy={sending}
            >
              {sending && <span className="spinner" aria-hidden="true" />}
              {sending ? texts.sending : texts.submit}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
