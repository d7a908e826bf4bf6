import { PlainSkeleton } from '../../../components/plain/skeleton';
import { selectAuthLoading, selectIsAuthenticated } from '../../auth';
import { readRefreshToken } from '../../../lib/cookies';
import { useAppSelector } from '../../../lib/hooks';
import { Landing } from '../components/landing';
import { MemberHome } from '../components/member-home';
import styles from './home-page.module.css';

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
        <div aria-busy className={styles.restoring}>
          <PlainSkeleton width={280} height={48} />
          {/* The list's corners (16 px), rounder than a skeleton's own. */}
          <div className={styles.panel}>
            <PlainSkeleton variant="rounded" height={420} />
          </div>
        </div>
      ) : (
        <Landing />
      )}
    </>
  );
}
