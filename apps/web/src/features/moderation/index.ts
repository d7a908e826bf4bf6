/** The moderation feature's public API: report and feature buttons for content pages. */
export { ReportButton, type ReportButtonProps } from './components/report-button';
export { FeatureButton, type FeatureButtonProps } from './components/feature-button';
export { useGetFeaturedStatusQuery } from './moderation-api';
