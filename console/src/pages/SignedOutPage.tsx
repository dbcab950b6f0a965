export function SignedOutPage({ onSignIn }: { onSignIn: () => void }) {
  return (
    <main id="main" class="container narrow">
      <h1>You are signed out</h1>
      <p>
        The console forgot your access token. The identity provider may still remember you, so signing in
        again can be immediate.
      </p>
      <button type="button" onClick={onSignIn}>
        Sign in
      </button>
    </main>
  );
}
