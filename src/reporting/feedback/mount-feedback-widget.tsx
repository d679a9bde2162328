import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { FeedbackWidget, type FeedbackEffects } from './feedback-widget';
import { canCaptureScreen, captureScreen, cropScreenshot } from './screenshot';

export const FEEDBACK_HOST_ID = 'portal-feedback';

/**
 * Puts the widget into its own element at the end of <body>, outside the portal's React tree,
 * so that it loads after the first page and survives the portal's error page. German whatever
 * the portal's language (SPEC §9), hence `lang="de"`. Returns a function that removes it.
 * `sendPii` (VITE_SENTRY_SEND_PII) lets the screenshot show personal data (decision 044).
 */
export function mountFeedbackWidget(
  effects: Pick<FeedbackEffects, 'send'> & Partial<FeedbackEffects>,
  { sendPii = false }: { sendPii?: boolean } = {},
): () => void {
  const existing = document.getElementById(FEEDBACK_HOST_ID);
  if (existing) existing.remove();
  const host = document.createElement('div');
  host.id = FEEDBACK_HOST_ID;
  host.lang = 'de';
  document.body.append(host);
  const root = createRoot(host);
  root.render(
    <StrictMode>
      <FeedbackWidget
        effects={{
          capture: () => captureScreen({ sendPii }),
          crop: cropScreenshot,
          canCapture: canCaptureScreen(),
          ...effects,
        }}
      />
    </StrictMode>,
  );
  return () => {
    root.unmount();
    host.remove();
  };
}
