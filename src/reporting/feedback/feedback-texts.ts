/**
 * SPEC §9: the bug-report widget speaks German whatever the portal's language, so its texts are
 * fixed here rather than in translations/ (docs/decisions/012). The button and field names and
 * the thank-you text are SPEC §9's own words, but for the send button: SPEC §9's "Bug Report
 * absenden" is English in a German widget, so it says "Fehlerbericht senden" (docs/glossary.md).
 */
import type { FeedbackProblem } from '../../machines/feedback.machine';

export const feedbackTexts = {
  trigger: 'Fehler melden',
  title: 'Fehler melden',
  intro: 'Beschreiben Sie, was nicht funktioniert hat. Bitte geben Sie keine Passwörter oder IBANs ein.',
  description: 'Beschreibung',
  required: '(erforderlich)',
  placeholder: 'Was ist passiert? Was haben Sie erwartet?',
  addScreenshot: 'Screenshot hinzufügen',
  removeScreenshot: 'Screenshot entfernen',
  cancel: 'Abbrechen',
  confirm: 'Bestätigen',
  submit: 'Fehlerbericht senden',
  sending: 'Wird gesendet …',
  thanks: 'Vielen Dank für Ihren Bericht!',
  capturing: 'Bitte wählen Sie im Dialog Ihres Browsers aus, welcher Bildschirm oder Tab aufgenommen werden soll.',
  cropping: 'Screenshot zuschneiden',
  cropHint:
    'Ziehen Sie mit der Maus einen Rahmen um den wichtigen Teil oder geben Sie den Ausschnitt in Prozent ein. „Bestätigen“ übernimmt ihn.',
  cropLeft: 'Links (%)',
  cropTop: 'Oben (%)',
  cropWidth: 'Breite (%)',
  cropHeight: 'Höhe (%)',
  cropImage: 'Aufgenommener Bildschirm; der gewählte Ausschnitt ist hell umrandet',
  screenshot: 'Screenshot',
  screenshotAlt: 'Zugeschnittener Screenshot, der mit dem Bericht gesendet wird',
  screenshotName: 'screenshot.png',
  busy: 'Bitte warten …',
  privacy:
    'Mit dem Bericht erhält unser Dienstleister für Fehlerberichte (Sentry, Functional Software Inc., USA; Übermittlung auf Grundlage des EU-US Data Privacy Framework) Ihre Beschreibung, den Screenshot, falls Sie einen hinzufügen, und eine Aufzeichnung Ihres Besuchs auf diesen Seiten, in der alle Texte und Eingaben unkenntlich sind.',
  privacyLink: 'Mehr in unseren Datenschutzhinweisen',
} as const;

export const problemTexts: Record<FeedbackProblem, string> = {
  required: 'Bitte beschreiben Sie den Fehler.',
  tooLong: 'Die Beschreibung ist zu lang (höchstens 5000 Zeichen).',
  capture: 'Der Screenshot konnte nicht aufgenommen werden. Sie können den Bericht auch ohne Screenshot senden.',
  crop: 'Der Ausschnitt konnte nicht übernommen werden. Bitte versuchen Sie es erneut.',
  send: 'Der Bericht konnte nicht gesendet werden. Bitte versuchen Sie es erneut.',
  timeout: 'Das Senden hat zu lange gedauert. Bitte versuchen Sie es erneut.',
};
