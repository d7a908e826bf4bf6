export type {
  CommentHost,
  ContentCleaner,
  ContentKind,
  ContentKinds,
  ContentRef,
  ContentRegistryView,
  ContentState,
  ContentSummary,
  ContentTarget,
  LiveView,
} from './content-kind';
export type { ContentFeed, FeedHit } from './content-feed';
export { countAuthored, countTagNames } from './feed';
export {
  headline,
  HIGHLIGHT_START,
  HIGHLIGHT_STOP,
  SEARCH_CANDIDATES,
  searchQuery,
  snippetParts,
  topMatches,
  type SearchSource,
} from './search';
export {
  candidateColumn,
  forgetTrending,
  trendingOrder,
  trendingPage,
  type Scored,
  type TrendingFilter,
  type TrendingSource,
} from './trending';
export { contentPlugin } from './content.plugin';
export { ContentRegistry } from './registry';
export * from './content.events';
export { contentContext, type ContentContext } from './content.context';
export {
  anyTitleWord,
  RELATED_CANDIDATES,
  RELATED_MAX,
  relatedIds,
  type RelatedSource,
} from './related';
export { withPersonalParts, type AnsweredObject, type PersonalParts } from './personal-parts';
