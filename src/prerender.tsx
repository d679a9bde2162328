/**
 * Renders a public page to HTML at build time (scripts/prerender.mjs), so that the first paint
 * of the landing and account pages needs no JavaScript. The browser's bundle then renders the
 * same page over it. Only pages that need no data from the API are prerendered.
 */
import { prerender } from 'react-dom/static';
import de from '../translations/de.json';
import en from '../translations/en.json';
import { App } from './app/app';
import { preloadRoute } from './app/router';
import { MessageStore } from './i18n/message-store';
import type { Language } from './domain/constants';
import { paths } from './domain/routes';

/**
 * The prerendered pages, each with its lazy module (src/app/router.tsx). scripts/prerender.mjs links that module's CSS in the page's head, so that the
 * prerendered page is styled as the app will render it and nothing moves when the app takes over.
 * The shop's catalogue comes from the API: its page is prerendered in its loading state.
 */
const pages: readonly (readonly [path: string, module: string])[] = [
  [paths.landing(), 'src/views/landing/landing-page.tsx'],
  [paths.login(), 'src/views/login/login-page.tsx'],
  [paths.register(), 'src/views/register/register-page.tsx'],
  [paths.reset(), 'src/views/reset/reset-page.tsx'],
  [paths.shop(), 'src/views/shop/shop-page.tsx'],
];

export const prerenderedPages: readonly string[] = pages.map(([path]) => path);

export const pageModules: Readonly<Record<string, string>> = Object.fromEntries(pages);

async function text(stream: ReadableStream<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let html = '';
  const reader = stream.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
    html += decoder.decode(chunk.value, { stream: true });
  return html + decoder.decode();
}

export async function renderPage(path: string, language: Language): Promise<string> {
  await preloadRoute(path, false);
  const { prelude } = await prerender(
    <App
      session={{ loggedIn: false, language }}
      messageStore={MessageStore.whole(language, { de, en })}
      ssrPath={path}
    />,
  );
  return text(prelude);
}
