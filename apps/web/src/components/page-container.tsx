import type { ReactNode } from 'react';
import Container from '@mui/material/Container';

interface PageContainerProps {
  /** The page's name in the browser tab. */
  title: string;
  maxWidth?: 'sm' | 'md' | 'lg';
  children: ReactNode;
}

/** The width, spacing and document title every ordinary page shares. */
export function PageContainer({ title, maxWidth = 'lg', children }: PageContainerProps) {
  return (
    <Container maxWidth={maxWidth} sx={{ py: { xs: 4, md: 6 } }}>
      <title>{`${title} · Agora`}</title>
      {children}
    </Container>
  );
}
