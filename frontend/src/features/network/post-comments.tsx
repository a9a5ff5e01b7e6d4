import { useState, type FormEvent } from 'react';
import type { Post } from '@atelier/contracts';
import { SOCIAL_LIMITS } from '@atelier/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useAppDispatch, useAppSelector } from '../../store/store-hooks';
import { FailureAlert } from './failure-alert';
import { selectComments, selectPostAction } from './network-selectors';
import { commentRequested, commentsRequested } from './network-slice';

/** The expanded list: comment texts, with their authors once the list with authors has loaded. */
export function CommentList({ post, id }: { post: Post; id: string }) {
  const dispatch = useAppDispatch();
  const loaded = useAppSelector(selectComments(post._id));
  // The post's own texts are always current; the list with authors is used when it matches them.
  const withAuthors = loaded && loaded.list.length === post.comments.length ? loaded.list : null;

  return (
    <Box id={id} sx={{ mt: '0.5rem' }}>
      {post.comments.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary', py: '0.5rem' }}>
          No comments yet
        </Typography>
      )}
      <Box component="ul" aria-label="Comments" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {(withAuthors ?? post.comments).map((comment, index) => (
          <li key={typeof comment === 'string' ? index : comment._id}>
            <Divider />
            <Typography sx={{ color: 'neutral.main', m: '0.5rem 0', pl: '1rem', overflowWrap: 'break-word', whiteSpace: 'pre-wrap' }}>
              {typeof comment === 'string' ? (
                comment
              ) : (
                <>
                  <Box component="span" sx={{ fontWeight: 500, color: 'neutral.dark' }}>
                    {comment.author.firstName} {comment.author.lastName}
                  </Box>{' '}
                  {comment.text}
                </>
              )}
            </Typography>
          </li>
        ))}
      </Box>
      {loaded?.status === 'loading' && <CircularProgress size={16} aria-label="Loading comments" sx={{ ml: '1rem' }} />}
      {loaded?.status === 'failed' && loaded.error && (
        <FailureAlert attempt="comments" code={loaded.error} onRetry={() => dispatch(commentsRequested({ postId: post._id }))} />
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
