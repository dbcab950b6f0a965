export function StartupProblem({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry?: () => void;
}) {
  return (
    <main id="main" class="container">
      <div role="alert">
        <h1>{title}</h1>
        <p>{error instanceof Error ? error.message : String(error)}</p>
        {onRetry && (
          <button type="button" onClick={onRetry}>
            Sign in again
          </button>
        )}
      </div>
    </main>
  );
}
