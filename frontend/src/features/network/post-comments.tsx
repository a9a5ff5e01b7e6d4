import { useState, type FormEvent } from 'react';
import type { Post, PostComment } from '@atelier/contracts';
import { SOCIAL_LIMITS } from '@atelier/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useAppDispatch, useAppSelector } from '../../store/store-hooks';
import { FailureAlert } from './failure-alert';
import { selectComments, selectCommentsWithAuthors, selectPostAction } from './network-selectors';
import { canLoadMoreComments, commentRequested, commentsRequested, moreCommentsRequested } from './network-slice';

function CommentItem({ author, text }: { author?: PostComment['author']; text: string }) {
  return (
    <li>
      <Divider />
      <Typography sx={{ color: 'neutral.main', m: '0.5rem 0', pl: '1rem', overflowWrap: 'break-word', whiteSpace: 'pre-wrap' }}>
        {author && (
          <>
            <Box component="span" sx={{ fontWeight: 500, color: 'neutral.dark' }}>
              {author.firstName} {author.lastName}
            </Box>{' '}
          </>
        )}
        {text}
      </Typography>
    </li>
  );
}

const commentButton = { textTransform: 'none', ml: '1rem', my: '0.25rem' } as const;

/**
 * The expanded list. The post embeds only its newest comments, shortened; the whole texts with their
 * authors load page by page, from the oldest on, and replace them once loaded and current.
 */
export function CommentList({ post, id }: { post: Post; id: string }) {
  const dispatch = useAppDispatch();
  const loaded = useAppSelector(selectComments(post._id));
  const withAuthors = useAppSelector(selectCommentsWithAuthors(post));
  const loadAll = () => dispatch(commentsRequested({ postId: post._id }));
  const loadMore = () => dispatch(moreCommentsRequested({ postId: post._id }));
  const loading = loaded?.status === 'loading';
  const more = withAuthors ? loaded?.more : undefined;

  return (
    <Box id={id} sx={{ mt: '0.5rem' }}>
      {post.commentCount === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary', py: '0.5rem' }}>
          No comments yet
        </Typography>
      )}
      {/* The previews are the newest comments: the others come before them. */}
      {!withAuthors && !loading && post.commentCount > post.comments.length && (
        <Button size="small" onClick={loadAll} sx={commentButton}>
          View all {post.commentCount} comments
        </Button>
      )}
      <Box component="ul" aria-label="Comments" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {withAuthors
          ? withAuthors.map((comment) => <CommentItem key={comment._id} author={comment.author} text={comment.text} />)
          : post.comments.map((text, index) => <CommentItem key={index} text={text} />)}
      </Box>
      {loading && <CircularProgress size={16} aria-label="Loading comments" sx={{ ml: '1rem' }} />}
      {loaded?.status === 'failed' && loaded.error && <FailureAlert attempt="comments" code={loaded.error} onRetry={loadAll} />}
      {more?.status === 'loading' && <CircularProgress size={16} aria-label="Loading more comments" sx={{ ml: '1rem' }} />}
      {more?.status === 'failed' && more.error && <FailureAlert attempt="moreComments" code={more.error} onRetry={loadMore} />}
      {withAuthors && canLoadMoreComments(loaded) && more?.status !== 'failed' && (
        <Button size="small" onClick={loadMore} sx={commentButton}>
          Load more comments
        </Button>
      )}
      <Divider />
    </Box>
  );
}

interface CommentFormProps {
  postId: string;
  onSubmitted(): void;
}

function CommentFormFields({ postId, onSubmitted }: CommentFormProps) {
  const dispatch = useAppDispatch();
  const state = useAppSelector(selectPostAction(postId, 'comment'));
  const [text, setText] = useState('');
  const pending = state?.pending ?? false;
  const canSend = text.trim() !== '' && !pending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSend) return;
    dispatch(commentRequested({ postId, text: text.trim() }));
    onSubmitted();
  };

  return (
    <Box component="form" onSubmit={submit} sx={{ display: 'flex', gap: '0.5rem', alignItems: 'flex-start', mt: '0.5rem' }}>
      <TextField
        size="small"
        fullWidth
        placeholder="Add a comment..."
        value={text}
        onChange={(event) => setText(event.target.value)}
        slotProps={{ htmlInput: { 'aria-label': 'Add a comment', maxLength: SOCIAL_LIMITS.comment } }}
      />
      <Button type="submit" variant="outlined" disabled={!canSend} sx={{ textTransform: 'none', flexShrink: 0 }}>
        Comment
      </Button>
    </Box>
  );
}

/** The field to add a comment; it starts empty again once a comment is saved. */
export function CommentForm(props: CommentFormProps) {
  const saved = useAppSelector(selectPostAction(props.postId, 'comment'))?.done ?? 0;
  return <CommentFormFields key={saved} {...props} />;
}
