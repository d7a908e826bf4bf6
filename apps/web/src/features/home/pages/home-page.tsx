import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import { selectAuthLoading, selectIsAuthenticated } from '../../auth';
import { readRefreshToken } from '../../../lib/cookies';
import { useAppSelector } from '../../../lib/hooks';
import { Landing } from '../components/landing';
import { MemberHome } from '../components/member-home';

/**
 * `/`: a member's home (what is new, their chats and notifications) when signed in; the landing
 * page, with the community's recent posts, for visitors.
 */
export default function HomePage() {
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const loading = useAppSelector(selectAuthLoading);
  // A reload with only the refresh cookie is being restored (SPEC §4 "refresh first"): wait
  // rather than flash the visitors' page at a member.
  const restoring = !isAuthenticated && loading && readRefreshToken() !== undefined;

  return (
    <>
      <title>{isAuthenticated ? 'Home · Agora' : 'Agora · Your community, in one place'}</title>
      {isAuthenticated ? (
        <MemberHome />
      ) : restoring ? (
        <Container maxWidth="lg" sx={{ py: { xs: 2.5, md: 4 } }} aria-busy>
          <Skeleton variant="text" width={280} height={48} />
          <Skeleton variant="rounded" height={420} sx={{ mt: 3, borderRadius: '16px' }} />
        </Container>
      ) : (
        <Landing />
      )}
    </>
  );
}
