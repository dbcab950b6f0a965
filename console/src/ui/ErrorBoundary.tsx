import { Component, type ComponentChildren } from 'preact';

interface State {
  error: Error | undefined;
}

/**
 * The top-level boundary: a rendering error anywhere shows what happened and a way out instead of a
 * blank page. Pages that fail to load data show a problem inline; this catches the console's own bugs.
 */
export class ErrorBoundary extends Component<{ children: ComponentChildren }, State> {
  override state: State = { error: undefined };

  static override getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown): void {
    console.error('The console failed to render', error);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <main id="main" class="container">
        <div role="alert">
          <h1>The console ran into a problem</h1>
          <p>{error.message}</p>
          <p>
            <button type="button" onClick={() => this.setState({ error: undefined })}>
              Try again
            </button>{' '}
            <a href="#/accounts">Go to accounts</a>
          </p>
        </div>
      </main>
    );
  }
}
