/**
 * The forms of a prerendered page before and after the app takes them over (docs/decisions/016).
 *
 * A prerendered form is on screen before any script runs. It is built so that it can never
 * submit natively (`method="dialog"` inside an open `<dialog>`, src/views/shared/portal-form.tsx):
 * an Enter or a click on its submit button only closes that dialog, which records the wish to
 * send without JavaScript. When the app starts, `main.tsx` collects these forms before React
 * renders over them (src/lib/prerendered-form-reader.ts, loaded only by a page that has such
 * forms) and gives them to the app through this context; each form view then starts with the
 * values typed so far and, once it runs, takes over what changed since, the focus and a pending
 * submission (`usePrerenderedValues`, `useTakeOver` in src/views/shared/portal-form.tsx).
 */
import { createContext } from 'react';
import type { PrerenderedForms } from './prerendered-form-reader';
import type { PrerenderedLanguage } from './prerendered-language';
import type { ResetLink } from './reset-link';

export const PrerenderedFormsContext = createContext<PrerenderedForms | null>(null);

/** The prerendered page's language picker, with a language picked there (src/lib/prerendered-language.ts). */
export const PrerenderedLanguageContext = createContext<PrerenderedLanguage | null>(null);

/** The new-password link that src/boot.ts took out of the address (src/lib/reset-link.ts). */
export const ResetLinkContext = createContext<ResetLink | null>(null);
