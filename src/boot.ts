/**
 * The app's first script: `index.html` loads it with its script tag; a prerendered page
 * (scripts/prerender.mjs) asks for it with its inline start script once it has painted
 * (scripts/build/first-paint.mjs, docs/decisions/037). Either way the app starts at once.
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
import { takeResetLink } from './lib/reset-link';

// First of all, before any request of the page can carry it in its Referer: a reset token leaves
// the address (decision 031).
const resetLink = takeResetLink(window.location, window.history);

void import('./main').then(({ start }) => start(resetLink));
