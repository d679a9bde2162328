import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import { config } from '../../config';
import type { errorLineMachine } from '../../machines/error-line.machine';
import type { UserError } from '../../machines/user-error';
import { errorMessages, tooManyRequestsText } from './error-messages';

/**
 * An error in the customer's words (SPEC §8): the server's own text when it gave one (already
 * plain, decision 017), else the catalogue's message in the page's language.
 */
export function useErrorText(): (error: UserError) => string {
  const intl = useIntl();
  return (error) => {
    if (error.reason !== undefined) return error.reason;
    if (error.key === 'tooManyRequests') return tooManyRequestsText(intl, error.waitSeconds);
    return intl.formatMessage(errorMessages[error.key], {
      email: config.salesEmail,
      supportEmail: config.supportEmail,
    });
  };
}

/** An actor of a machine that invokes the error line (`errorLine`, src/machines/error-line.machine.ts). */
interface WithErrorLine {
  getSnapshot(): { children: { errorLine?: ActorRefFrom<typeof errorLineMachine> } };
  subscribe: AnyActorRef['subscribe'];
}

/** The error that the machine's error line shows, or null while it shows none. */
export function useErrorLine(actor: WithErrorLine): UserError | null {
  const errorLine = useSelector(actor, (snapshot) => snapshot.children.errorLine);
  return useSelector(errorLine, (snapshot) => snapshot?.context.error ?? null);
}

/**
 * The error line under a form (SPEC §8). A live region that is always in the page, so that
 * screen readers announce the message when it appears.
 */
export function ErrorLine({ error, id }: { error: UserError | null; id?: string }) {
  const errorText = useErrorText();
  return (
    <p id={id} className="error-line" role="alert" aria-live="assertive">
      {error === null ? '' : errorText(error)}
    </p>
  );
}
