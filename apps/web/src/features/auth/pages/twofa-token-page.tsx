import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';

export default function TwofaTokenPage() {
  return (
    <PageContainer title="Two-factor sign-in" maxWidth="sm">
      <PageHeader title="Two-factor sign-in" />
    </PageContainer>
  );
}
