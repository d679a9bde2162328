/**
 * The page's only script tag. A prerendered page (scripts/prerender.mjs) is already on screen,
 * so the app's code is fetched once the browser has painted it, instead of competing with that
 * first paint for the network; any other page starts the app at once.
 */
import './styles.css';
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
