/**
 * Renders a public page to HTML at build time (scripts/prerender.mjs), so that the first paint
 * of the landing and account pages needs no JavaScript. The browser's bundle then renders the
 * same page over it. Only pages that need no data from the API are prerendered.
 */
import { prerender } from 'react-dom/static';
import de from '../translations/de.json';
import en from '../translations/en.json';
import { App } from './app/app';
import { preloadRoute } from './app/routes';
import type { Language } from './config';

export const prerenderedPages = ['/', '/login', '/register', '/reset'] as const;

async function text(stream: ReadableStream<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let html = '';
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) html += decoder.decode(chunk, { stream: true });
  return html + decoder.decode();
}

export async function renderPage(path: string, language: Language): Promise<string> {
  await preloadRoute(path, false);
  const { prelude } = await prerender(
    <App session={{ loggedIn: false, language }} messages={language === 'de' ? de : en} ssrPath={path} />,
  );
  return text(prelude);
}
