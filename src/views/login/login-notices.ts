import { defineMessages, type MessageDescriptor } from 'react-intl';

/**
 * The messages /login/:message? can show (docs/decisions/003). Only these keys are known; any
 * other value of the parameter shows nothing, so a crafted link cannot put its text on the page.
 */
const notices = defineMessages({
  changed: {
    id: 'login.notice.changed',
    defaultMessage: 'Your password has been changed.',
    description: 'SPEC §8 Password changed; shown at /login/changed after a new password was set',
  },
  'logout-unconfirmed': {
    id: 'login.notice.logoutUnconfirmed',
    defaultMessage:
      'You are logged out in this browser. The server did not confirm the logout; if this is a shared computer, close the browser.',
    description:
      'Shown at /login/logout-unconfirmed after GET /logout failed or got no answer: the portal forgot the session, the server may still hold it (decision 044)',
  },
});

/** A notice that warns rather than confirms: the server did not confirm the logout. */
const warnings: readonly string[] = ['logout-unconfirmed'];

export interface LoginNotice {
  message: MessageDescriptor;
  warning: boolean;
}

export function loginNotice(key: string | undefined): LoginNotice | null {
  const message = Object.entries(notices).find(([name]) => name === key)?.[1];
  return message ? { message, warning: warnings.includes(key ?? '') } : null;
}
