import { Link as RouterLink, useSearchParams } from '../../../lib/router';
import { useAppSelector } from '../../../lib/hooks';
import { EmptyState } from '../../../components/empty-state';
import { plainButton, startIconClass } from '../../../components/plain/button';
import { PlainIcon } from '../../../components/plain-icon';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { TabStrip } from '../../../components/tab-strip';
import { selectIsAuthenticated } from '../../auth';
import { DiscussionList } from '../components/discussion-list';
import { FeaturedStrip } from '../components/featured-strip';
import { MyContentLinks } from '../components/my-content-links';
import { TagFinderField } from '../components/tag-finder-field';
import { SignInPrompt, TagFilter } from '../../content';
import {
  FEED_ORDERINGS,
  useGetFeaturedDiscussionsQuery,
  useGetForumTagsQuery,
  useListDiscussionsInfiniteQuery,
} from '../forums-api';
import type { FeedOrdering } from '../forums-api';
import styles from './discussions-page.module.css';

const TAB_LABELS: Record<FeedOrdering, string> = {
  latest: 'Latest',
  trending: 'Trending',
  top: 'Top',
};

function isOrdering(value: string | null): value is FeedOrdering {
  return FEED_ORDERINGS.some((ordering) => ordering === value);
}

/** The discussions feed at /discussions: Latest / Trending / Top, by tag, endless. */
export default function DiscussionsPage() {
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const [params, setParams] = useSearchParams();
  const requested = params.get('ordering');
  const ordering: FeedOrdering = isOrdering(requested) ? requested : 'latest';
  const tag = params.get('tag') ?? undefined;
  const query = useListDiscussionsInfiniteQuery({ ordering, ...(tag ? { tag } : {}) });
  const { data: tags = [], isLoading: tagsLoading } = useGetForumTagsQuery(undefined);
  const { isLoading: featuredLoading } = useGetFeaturedDiscussionsQuery(undefined);

  const update = (changes: { ordering?: FeedOrdering; tag?: string | null }) => {
    const next = new URLSearchParams(params);
    if (changes.ordering) {
      if (changes.ordering === 'latest') next.delete('ordering');
      else next.set('ordering', changes.ordering);
    }
    if (changes.tag !== undefined) {
      if (changes.tag === null) next.delete('tag');
      else next.set('tag', changes.tag);
    }
    setParams(next, { replace: true });
  };

  const newDiscussion = (
    <RouterLink
      to="/discussions/new"
      aria-label="New discussion"
      className={plainButton({ variant: 'contained', size: 'large' })}
    >
      <span className={startIconClass}>
        <PlainIcon name="add" size={22} />
      </span>
      New
      <span className={styles.wideOnly}>&nbsp;discussion</span>
    </RouterLink>
  );

  return (
    <PageContainer title="Discussions">
      <div className={styles.top}>
        <PageHeader title="Discussions">
          <span className={styles.wideOnly}>
            Ask, answer and share what you know with the community.
          </span>
        </PageHeader>
        <div className={styles.newButton}>{newDiscussion}</div>
      </div>

      <FeaturedStrip />

      {/* Drawn once it is known whether the strip above comes: it would push the feed down. */}
      {!featuredLoading && (
        <div className={styles.layout}>
          <div className={styles.feed}>
            <TabStrip
              label="Order discussions"
              tabs={FEED_ORDERINGS.map((value) => ({ value, label: TAB_LABELS[value] }))}
              value={ordering}
              onChange={(value) => update({ ordering: value })}
              className={styles.tabs}
            />
            <div className={styles.filters}>
              {tagsLoading ? (
                // The chips and the finder keep their place while the tags load (stacked on a phone).
                <div aria-hidden className={styles.tagsPlaceholder} />
              ) : (
                <>
                  <TagFilter
                    tags={tags}
                    selected={tag}
                    onChange={(value) => update({ tag: value ?? null })}
                  />
                  <TagFinderField
                    tags={tags}
                    selected={tag}
                    onChange={(value) => update({ tag: value ?? null })}
                  />
                </>
              )}
            </div>
            {!isAuthenticated && (
              <div className={styles.phonePrompt}>
                <SignInPrompt title="Join the conversation">
                  Log in to start discussions, comment, like and vote.
                </SignInPrompt>
              </div>
            )}
            <DiscussionList
              query={query}
              label={tag ? `Discussions tagged ${tag}` : 'Discussions'}
              empty={
                <EmptyState
                  icon="forum"
                  title={tag ? `Nothing tagged #${tag} yet` : 'No discussions yet'}
                  actions={
                    <>
                      <RouterLink
                        to="/discussions/new"
                        className={plainButton({ variant: 'contained' })}
                      >
                        Start a discussion
                      </RouterLink>
                      {tag && (
                        <button
                          type="button"
                          className={plainButton({ variant: 'outlined' })}
                          onClick={() => update({ tag: null })}
                        >
                          Show all tags
                        </button>
                      )}
                    </>
                  }
                >
                  {ordering === 'trending'
                    ? 'Nothing is trending right now. Start a discussion and get people talking.'
                    : 'Be the first: ask a question or share something the community should know.'}
                </EmptyState>
              }
            />
          </div>
          <aside aria-label="Discussions side panel" className={styles.side}>
            {isAuthenticated ? (
              <MyContentLinks />
            ) : (
              <SignInPrompt title="Join the conversation" stacked>
                Log in to start discussions, comment, like and vote.
              </SignInPrompt>
            )}
          </aside>
        </div>
      )}
    </PageContainer>
  );
}
