import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';

export default function LoginPage() {
  return (
    <PageContainer title="Log in" maxWidth="sm">
      <PageHeader title="Log in" />
    </PageContainer>
  );
}
