/** Likes and bookmarks of every kind of content. */
export { bookmarks, likes, markOf } from './reactions.tables';
export {
  addBookmark,
  cleanReactions,
  hasLiked,
  markedBy,
  removeBookmark,
  toggleBookmark,
  toggleLike,
} from './reactions.service';
