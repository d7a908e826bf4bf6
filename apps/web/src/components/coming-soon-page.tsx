import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import type SvgIcon from '@mui/material/SvgIcon';
import { EmptyState } from './empty-state';
import { PageContainer } from './page-container';
import { PageHeader } from './page-header';

interface ComingSoonPageProps {
  /** Page heading and document title. */
  title: string;
  /** One line under the heading saying what the area is for. */
  summary: ReactNode;
  icon: typeof SvgIcon;
  headline: string;
  /** Anchor of the user-guide section that explains the area, if there is one. */
  guideAnchor?: string;
  /** What members will be able to do here. */
  children: ReactNode;
}

/** An area of Agora whose pages are still being built: says what is coming and where to read more. */
export function ComingSoonPage({
  title,
  summary,
  icon,
  headline,
  guideAnchor,
  children,
}: ComingSoonPageProps) {
  return (
    <PageContainer title={title}>
      <PageHeader title={title}>{summary}</PageHeader>
      <EmptyState
        icon={icon}
        title={headline}
        actions={
          <>
            {guideAnchor && (
              <Button component={RouterLink} to={`/userguide#${guideAnchor}`} variant="contained">
                Read how it will work
              </Button>
            )}
            <Button component={RouterLink} to="/" variant="outlined">
              Back to home
            </Button>
          </>
        }
      >
        {children} This part of Agora is being built right now.
      </EmptyState>
    </PageContainer>
  );
}
