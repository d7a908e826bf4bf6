/**
 * The moderation feature's public API: the feature and hide/restore buttons for content pages,
 * the silence banner.
 */
export { FeatureButton, type FeatureButtonProps } from './components/feature-button';
export { SilenceBanner } from './components/silence-banner';
export { VisibilityButton, type VisibilityButtonProps } from './components/visibility-button';
export { useGetFeaturedStatusQuery } from './moderation-api';
