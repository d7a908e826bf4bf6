import type { ReactNode } from 'react';
import { BrokenLinkScreen } from './broken-link-screen';
import { RetryAlert } from './load-more-list';
import { PageContainer } from './page-container';

interface ObjectLoadFailureProps {
  /** What the page shows, capitalised: "Discussion", "Poll". */
  noun: string;
  /** The object does not exist or may not be seen (404), or its address is not valid. */
  missing: boolean;
  /** Why it failed otherwise. */
  message: string;
  onRetry: () => unknown;
  /** The list the object lives in, offered from the broken-link screen. */
  onward: { to: string; label: string };
  /** The page's own way back, above the failure. */
  back: ReactNode;
}

/**
 * An object page whose object did not load: the broken-link screen when it is missing (as the
 * server's 404 for the page said), otherwise the failure with Try again.
 */
export function ObjectLoadFailure({
  noun,
  missing,
  message,
  onRetry,
  onward,
  back,
}: ObjectLoadFailureProps) {
  return (
    <PageContainer title={missing ? `${noun} not found` : noun} maxWidth="md">
      {missing ? (
        <BrokenLinkScreen onward={onward} />
      ) : (
        <>
          {back}
          <RetryAlert onRetry={onRetry}>{message}</RetryAlert>
        </>
      )}
    </PageContainer>
  );
}
