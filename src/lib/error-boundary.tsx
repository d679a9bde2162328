import { Component, type ErrorInfo, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { reportCaughtError } from '../reporting/index';

interface Props {
  children: ReactNode;
  /** A change (the location) clears a caught error. */ resetKey: string;
}
interface State {
  failed: boolean;
}

/**
 * Catches what nothing else did, so that a bug shows a way back instead of a blank page.
 * Navigating elsewhere (a new `resetKey`) starts afresh.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    // React does not pass a caught error on to the global handlers: report it here (a no-op
    // when error reporting is off; its events are scrubbed of secrets like any other).
    console.warn('Unexpected error in the page', error.message, info.componentStack);
    void reportCaughtError(error, info.componentStack ?? undefined);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="notice notice-error" role="alert">
        <h1>
          <FormattedMessage id="crash.title" defaultMessage="Something went wrong" />
        </h1>
        <p>
          <FormattedMessage
            id="crash.text"
            defaultMessage="This page ran into a problem. Your stored data is not affected."
          />
        </p>
        <p>
          <a href="/">
            <FormattedMessage id="crash.home" defaultMessage="Back to the start page" />
          </a>
          {' · '}
          <button type="button" className="link-button" onClick={() => window.location.reload()}>
            <FormattedMessage id="crash.reload" defaultMessage="Reload the page" />
          </button>
        </p>
      </div>
    );
  }
}
