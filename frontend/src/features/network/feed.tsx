import { useCallback, useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useAppDispatch, useAppSelector } from '../../store/store-hooks';
import { FailureAlert } from './failure-alert';
import { selectFeed, selectFeedPosts } from './network-selectors';
import { feedRequested, moreRequested, sameSource, type FeedSource } from './network-slice';
import { PostCard } from './post-card';
import { WidgetCard } from './widget-card';

/** Calls `onVisible` when the returned element comes near the viewport (while `enabled`). */
function useSentinel(enabled: boolean, onVisible: () => void) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = ref.current;
    // jsdom and old browsers have no IntersectionObserver: the button below still loads more.
    if (!enabled || !node || typeof IntersectionObserver === 'undefined') return;
    // A new observer reports the current state at once, so a page too short to scroll keeps loading.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onVisible();
      },
      { rootMargin: '0px 0px 600px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [enabled, onVisible]);
  return ref;
}

const centred = { display: 'flex', justifyContent: 'center', py: '1.5rem' } as const;

/** The posts of `source`, newest first, loading further pages as the member scrolls. */
export function Feed({ source }: { source: FeedSource }) {
  const dispatch = useAppDispatch();
  const feed = useAppSelector(selectFeed);
  const posts = useAppSelector(selectFeedPosts);
  const current = sameSource(feed.source, source);
  const canLoadMore = current && feed.status === 'loaded' && feed.nextCursor !== null && feed.more.status !== 'loading';
  const loadMore = useCallback(() => dispatch(moreRequested()), [dispatch]);
  // After a failed page the member retries by hand, rather than the sentinel retrying in a loop.
  const sentinel = useSentinel(canLoadMore && feed.more.status !== 'failed', loadMore);

  if (!current || feed.status === 'idle' || feed.status === 'loading') {
    return (
      <Box sx={centred}>
        <CircularProgress aria-label="Loading posts" />
      </Box>
    );
  }
  if (feed.status === 'failed' && feed.error) {
    return <FailureAlert attempt="feed" code={feed.error} onRetry={() => dispatch(feedRequested(source))} />;
  }
  if (posts.length === 0) {
    return (
      <WidgetCard sx={{ pb: '1.5rem' }}>
        <Typography sx={{ color: 'text.secondary', textAlign: 'center' }}>No posts yet</Typography>
      </WidgetCard>
    );
  }

  return (
    <Box component="section" aria-label="Posts">
      {posts.map((post) => (
        <PostCard key={post._id} post={post} />
      ))}
      <div ref={sentinel} />
      {feed.more.status === 'loading' && (
        <Box sx={centred}>
          <CircularProgress aria-label="Loading more posts" />
        </Box>
      )}
      {feed.more.status === 'failed' && feed.more.error && (
        <FailureAlert attempt="more" code={feed.more.error} onRetry={loadMore} sx={{ mb: '1rem' }} />
      )}
      {canLoadMore && feed.more.status !== 'failed' && (
        <Box sx={centred}>
          <Button variant="outlined" onClick={loadMore}>
            Load more posts
          </Button>
        </Box>
      )}
    </Box>
  );
}
