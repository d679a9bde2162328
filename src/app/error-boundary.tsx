import { Component, type ErrorInfo, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

interface Props { children: ReactNode; /** A change (the location) clears a caught error. */ resetKey: string }
interface State { failed: boolean }

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
    // Reported here so that it reaches the error reporting of issue 8; no secrets are in it.
    console.warn('Unexpected error in the page', error.message, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="notice notice-error" role="alert">
        <h1><FormattedMessage id="crash.title" defaultMessage="Something went wrong" /></h1>
        <p><FormattedMessage id="crash.text" defaultMessage="This page ran into a problem. Your data is safe." /></p>
        <p>
          <a href="/"><FormattedMessage id="crash.home" defaultMessage="Back to the start page" /></a>
          {' · '}
          <button type="button" className="link-button" onClick={() => window.location.reload()}>
            <FormattedMessage id="crash.reload" defaultMessage="Reload the page" />
          </button>
        </p>
      </div>
    );
  }
}
