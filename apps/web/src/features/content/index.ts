/**
 * The content kernel's pieces for every kind of content (discussions and comments today;
 * polls, quizzes, marketplace and albums next): comments, like, bookmark and report.
 */
export type { ContentModel } from './content-names';
export { CommentsSection, type CommentsSectionProps } from './components/comments-section';
export { CommentForm } from './components/comment-form';
export { LikeButton, type LikeButtonProps } from './components/like-button';
export { BookmarkButton, type BookmarkButtonProps } from './components/bookmark-button';
export { ReportButton, type ReportButtonProps } from './components/report-button';
export { SignInPrompt } from './components/sign-in-prompt';
export { useSignInGate } from './components/use-sign-in-gate';
