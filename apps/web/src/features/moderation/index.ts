/** The moderation feature's public API: the feature button for content pages. */
export { FeatureButton, type FeatureButtonProps } from './components/feature-button';
export { useGetFeaturedStatusQuery } from './moderation-api';
