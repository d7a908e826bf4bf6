/** The web page of a discussion; its comments' pages are the comments module's (`#comment-…`). */
export const discussionPath = (discussionId: number): string => `/discussions/${discussionId}`;
