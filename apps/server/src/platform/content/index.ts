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
export { contentPlugin } from './content.plugin';
export { ContentRegistry } from './registry';
export * from './content.events';
export { contentContext, type ContentContext } from './content.context';
