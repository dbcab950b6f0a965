import { Link } from 'wouter-preact';
import { PageTitle } from '../ui/components.tsx';

export function NotFoundPage() {
  return (
    <>
      <PageTitle>Page not found</PageTitle>
      <p>
        The console has no page at this address. <Link href="/accounts">Go to accounts</Link>.
      </p>
    </>
  );
}
