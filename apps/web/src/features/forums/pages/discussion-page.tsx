import { Link as RouterLink, useParams } from '../../../lib/router';
import { useAppSelector } from '../../../lib/hooks';
import { PageContainer } from '../../../components/page-container';
import { PlainIcon } from '../../../components/plain-icon';
import { plainButton, startIconClass } from '../../../components/plain/button';
import { PlainSkeleton } from '../../../components/plain/skeleton';
import { ObjectLoadFailure } from '../../../components/object-load-failure';
import { apiFailure } from '../../auth';
import { selectProfile } from '../../users';
import { DiscussionAudio } from '../components/audio/discussion-audio';
import { AuthorCard } from '../components/author-card';
import { AuthorTools } from '../components/author-tools';
import { DiscussionComments } from '../components/discussion-comments';
import { DiscussionArticle } from '../components/discussion-article';
import { PollCard } from '../components/poll-card';
import { ReaderActions } from '../components/reader-actions';
import { RelatedDiscussions } from '../components/related-discussions';
import { useGetDiscussionQuery } from '../forums-api';
import styles from './discussion-page.module.css';

/** Back to the list, as a text button with an arrow. */
function BackLink() {
  return (
    <RouterLink to="/discussions" className={`${plainButton()} ${styles.back}`}>
      <span className={startIconClass}>
        <PlainIcon name="arrowBackRounded" size={20} />
      </span>
      All discussions
    </RouterLink>
  );
}

/** The page's shape while the discussion loads. */
function LoadingDiscussion() {
  return (
    <div className={styles.layout} aria-hidden>
      <div className={styles.loading}>
        <PlainSkeleton width="80%" height={52} />
        <div className={styles.loadingByline}>
          <PlainSkeleton variant="circular" width={40} height={40} />
          <PlainSkeleton width={160} />
        </div>
        <PlainSkeleton width="100%" />
        <PlainSkeleton width="95%" />
        <PlainSkeleton width="60%" />
      </div>
      <div className={styles.loadingSide}>
        <PlainSkeleton variant="rounded" height={160} />
      </div>
    </div>
  );
}

/**
 * One discussion at /discussions/:id, with its poll, comments and related discussions. Plain
 * elements and CSS modules for its first screen: drawing it through emotion was most of the
 * page's blocking time on a phone.
 */
export default function DiscussionPage() {
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const {
    data: discussion,
    error,
    isLoading,
    refetch,
  } = useGetDiscussionQuery(id, { skip: !valid });
  const me = useAppSelector(selectProfile);

  if (valid && isLoading) {
    return (
      <PageContainer title="Discussion">
        <BackLink />
        <LoadingDiscussion />
      </PageContainer>
    );
  }

  if (!discussion) {
    const failure = apiFailure(error);
    return (
      <ObjectLoadFailure
        noun="Discussion"
        missing={!valid || failure.status === 404}
        message={failure.message}
        onRetry={refetch}
        onward={{ to: '/discussions', label: 'Browse discussions' }}
        back={<BackLink />}
      />
    );
  }

  const isAuthor = me?.id === discussion.author.id;

  return (
    <PageContainer title={discussion.title}>
      <BackLink />
      <div className={styles.layout}>
        <div className={styles.main}>
          <DiscussionArticle
            discussion={discussion}
            authorTools={isAuthor ? <AuthorTools discussion={discussion} /> : undefined}
            media={<DiscussionAudio discussion={discussion} />}
            actions={<ReaderActions discussion={discussion} isAuthor={isAuthor} />}
          />
          {discussion.pollChoices.length > 0 && <PollCard discussion={discussion} />}
          <DiscussionComments discussion={discussion} />
        </div>
        <aside className={styles.aside} aria-label="About this discussion">
          <AuthorCard author={discussion.author} />
          <RelatedDiscussions discussionId={discussion.id} />
        </aside>
      </div>
    </PageContainer>
  );
}
