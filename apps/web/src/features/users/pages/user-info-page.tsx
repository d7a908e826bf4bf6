import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';

export default function UserInfoPage() {
  return (
    <PageContainer title="Member profile" maxWidth="sm">
      <PageHeader title="Member profile" />
    </PageContainer>
  );
}
