/**
 * Catches what a render throws, including @xstate/react's rethrow of an errored actor, and shows the
 * error catalogue's message for it (spec 000 §8) instead of a blank page.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { toAlert } from '../../../machines/session/toAlert';

interface Props {
  /** Turns a message key into text; without it the key itself shows. */
  translate: (key: string) => string;
  children: ReactNode;
}

interface State {
  error: unknown;
  failed: boolean;
}

/** The app-wide error boundary. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('[kk] render failed', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    const decision = toAlert(this.state.error);
    const alert = decision.action === 'ignore' ? { message: 'errors.generalFailure', translate: true } : decision.alert;
    const text = alert.translate === false ? alert.message : this.props.translate(alert.message);
    return (
      <main role="alert" className="mx-auto mt-16 max-w-dialog rounded-lg border border-line bg-panel p-6 text-ink">
        <h1 className="mb-2 text-xl font-semibold">{this.props.translate('app.error.title')}</h1>
        <p className="mb-4">{text}</p>
        <button type="button" className="rounded bg-primary px-4 py-2 text-white" onClick={() => window.location.reload()}>
          {this.props.translate('app.error.reload')}
        </button>
      </main>
    );
  }
}
