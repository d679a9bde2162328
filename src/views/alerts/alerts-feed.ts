/**
 * Where the alerts' feed of the logged-in pages is kept between pages (issue 45): each page's
 * layout runs the feed (src/views/alerts/alerts-link.tsx), and the next page's starts from where
 * the last one left it, per account; when the customer last saw the list is kept in the browser.
 */
import { createContext } from 'react';
import type { AlertsActor, AlertsResume } from '../../machines/alerts.machine';

/** The feed of the page shown, for the alerts page and the notifications card; null until it runs. */
export const AlertsFeedContext = createContext<AlertsActor | null>(null);

const resumes = new Map<string, AlertsResume>();

export function resumeOf(account: string): AlertsResume | null {
  return resumes.get(account) ?? null;
}

export function keepResume(account: string, resume: AlertsResume): void {
  resumes.set(account, resume);
}

const seenKey = (account: string) => `portal-alerts-seen:${account.toLowerCase()}`;

/** When the newest alert the customer saw was raised; null when never, or the browser keeps nothing. */
export function seenAtOf(account: string): number | null {
  try {
    const stored = Number(localStorage.getItem(seenKey(account)));
    return Number.isFinite(stored) && stored > 0 ? stored : null;
  } catch {
    return null;
  }
}

export function keepSeenAt(account: string, seenAt: number | null): void {
  if (seenAt === null) return;
  try {
    localStorage.setItem(seenKey(account), String(seenAt));
  } catch {
    // A browser that keeps nothing counts the alerts as new again on the next visit.
  }
}
