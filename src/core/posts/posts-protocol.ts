/**
 * The posts calls the reading side makes. The same paths are listed in upload/upload-protocol.ts (UploadPaths,
 * shared with the server); posts and upload may not import each other, so they are named here too, and a unit
 * test keeps the two lists equal.
 */
export const PostsPaths = {
  myPosts: '/api/Trends/MyListTrends',
  feed: '/api/Trends/ListTrends',
  post: '/api/Trends/TrendsDetail',
  deletePost: '/api/Trends/DelTrends',
} as const;
