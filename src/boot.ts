/**
 * The page's only script tag. A prerendered page (scripts/prerender.mjs) is already on screen,
 * so the app's code is fetched once the browser has painted it, instead of competing with that
 * first paint for the network; any other page starts the app at once.
 */
import './styles.css';
// The styles of the pages a visitor may open first (the prerendered ones, docs/decisions/016) are
// part of the one stylesheet of every page: each stylesheet of its own was another request that
// held up the first paint of its page.
import './views/login/login.css';
import './views/register/register.css';
import './views/reset/reset.css';
import './views/waiting/waiting.css';
import './views/new-password/new-password.css';
import './views/shared/password-checklist.css';
import './views/shop/shop.css';
import { takeResetLink } from './app/reset-link';

// First of all, before any request of the page can carry it in its Referer: a reset token leaves
// the address (decision 031).
const resetLink = takeResetLink(window.location, window.history);

let started = false;
const start = () => {
  if (started) return;
  started = true;
  void import('./main').then(({ start: startApp }) => startApp(resetLink));
};

if (document.getElementById('root')?.hasChildNodes() && 'PerformanceObserver' in window) {
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    setTimeout(start, 0);
  }).observe({ type: 'paint', buffered: true });
  // A page that does not paint (a background tab) still starts.
  setTimeout(start, 300);
} else {
  start();
}
