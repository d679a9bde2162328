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
});

export function loginNotice(key: string | undefined): MessageDescriptor | null {
  return Object.entries(notices).find(([name]) => name === key)?.[1] ?? null;
}
