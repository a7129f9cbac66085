import { lazy, Suspense } from 'react';

// Loaded after the first screen: the home page's own content comes first (the first screen's budget).
const Block = lazy(() => import('./latest-posts-block').then((m) => ({ default: m.LatestPostsBlock })));

/** The home page's "latest posts" block; shows nothing until it has posts to show. */
export function LatestPosts() {
  return (
    <Suspense fallback={null}>
      <Block />
    </Suspense>
  );
}
