import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';

export default function RegisterPage() {
  return (
    <PageContainer title="Sign up" maxWidth="sm">
      <PageHeader title="Sign up" />
    </PageContainer>
  );
}
