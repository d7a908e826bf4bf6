import { Link as RouterLink, useSearchParams } from '../../../lib/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AddRounded from '@mui/icons-material/AddRounded';
import ForumRounded from '@mui/icons-material/ForumRounded';
import { useAppSelector } from '../../../lib/hooks';
import { EmptyState } from '../../../components/empty-state';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { TabStrip } from '../../../components/tab-strip';
import { selectIsAuthenticated } from '../../auth';
import { DiscussionList } from '../components/discussion-list';
import { FeaturedStrip } from '../components/featured-strip';
import { MyContentLinks } from '../components/my-content-links';
import { TagFinderField } from '../components/tag-finder-field';
import { SignInPrompt, TAG_ROW_HEIGHT, TagFilter } from '../../content';
import {
  FEED_ORDERINGS,
  useGetFeaturedDiscussionsQuery,
  useGetForumTagsQuery,
  useListDiscussionsInfiniteQuery,
} from '../forums-api';
import type { FeedOrdering } from '../forums-api';

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
    <Button
      component={RouterLink}
      to="/discussions/new"
      variant="contained"
      size="large"
      aria-label="New discussion"
      startIcon={<AddRounded />}
      sx={{ flexShrink: 0 }}
    >
      New
      <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
        &nbsp;discussion
      </Box>
    </Button>
  );

  return (
    <PageContainer title="Discussions">
      <Box
        sx={{
          display: 'flex',
          alignItems: 'flex-start',
          justifyContent: 'space-between',
          gap: 2,
        }}
      >
        <PageHeader title="Discussions">
          {/* On a phone the list itself says it: the first discussion starts higher. */}
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            Ask, answer and share what you know with the community.
          </Box>
        </PageHeader>
        <Box sx={{ display: 'flex', pt: { xs: 0.5, md: 1 } }}>{newDiscussion}</Box>
      </Box>

      <FeaturedStrip />

      {/* Drawn once it is known whether the strip above comes: it would push the feed down. */}
      {!featuredLoading && (
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 280px' },
            gap: { xs: 3, md: 4 },
            alignItems: 'start',
          }}
        >
          <Box sx={{ minWidth: 0 }}>
            <TabStrip
              label="Order discussions"
              tabs={FEED_ORDERINGS.map((value) => ({ value, label: TAB_LABELS[value] }))}
              value={ordering}
              onChange={(value) => update({ ordering: value })}
              sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
            />
            <Box
              sx={{
                mb: 2,
                display: 'flex',
                flexDirection: { xs: 'column', md: 'row' },
                alignItems: { md: 'center' },
                gap: 1,
              }}
            >
              {tagsLoading ? (
                // The chips and the finder keep their place while the tags load (stacked on a phone).
                <Box
                  aria-hidden
                  sx={{ height: { xs: 2 * TAG_ROW_HEIGHT + 8, md: TAG_ROW_HEIGHT } }}
                />
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
            </Box>
            {!isAuthenticated && (
              <Box sx={{ mb: 2.5, display: { md: 'none' } }}>
                <SignInPrompt title="Join the conversation">
                  Log in to start discussions, comment, like and vote.
                </SignInPrompt>
              </Box>
            )}
            <DiscussionList
              query={query}
              label={tag ? `Discussions tagged ${tag}` : 'Discussions'}
              empty={
                <EmptyState
                  icon={ForumRounded}
                  title={tag ? `Nothing tagged #${tag} yet` : 'No discussions yet'}
                  actions={
                    <>
                      <Button component={RouterLink} to="/discussions/new" variant="contained">
                        Start a discussion
                      </Button>
                      {tag && (
                        <Button variant="outlined" onClick={() => update({ tag: null })}>
                          Show all tags
                        </Button>
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
          </Box>
          <Box
            component="aside"
            aria-label="Discussions side panel"
            sx={{ display: { xs: 'none', md: 'block' }, position: 'sticky', top: 88 }}
          >
            {isAuthenticated ? (
              <MyContentLinks />
            ) : (
              <SignInPrompt title="Join the conversation" stacked>
                Log in to start discussions, comment, like and vote.
              </SignInPrompt>
            )}
          </Box>
        </Box>
      )}
    </PageContainer>
  );
}
