/**
 * The web page of a discussion, or of one comment in it, or of one reply: `thread` names the
 * comment a reply answers, so the page can open that thread's replies before it scrolls.
 */
export function discussionPath(
  discussionId: number,
  comment?: { id: number; parentId: number | null },
): string {
  const page = `/discussions/${discussionId}`;
  if (comment === undefined) return page;
  const thread = comment.parentId === null ? '' : `?thread=${comment.parentId}`;
  return `${page}${thread}#comment-${comment.id}`;
}
