/** Likes and bookmarks of every kind of content. */
export { bookmarks, likes, markOf, markProbe } from './reactions.tables';
export {
  addBookmark,
  cleanReactions,
  hasLiked,
  markedBy,
  removeBookmark,
  toggleBookmark,
  toggleLike,
} from './reactions.service';
