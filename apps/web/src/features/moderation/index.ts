/** The moderation feature's public API: the feature button for content pages, the silence banner. */
export { FeatureButton, type FeatureButtonProps } from './components/feature-button';
export { SilenceBanner } from './components/silence-banner';
export { useGetFeaturedStatusQuery } from './moderation-api';
