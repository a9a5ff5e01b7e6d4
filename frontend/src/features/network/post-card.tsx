import { useId, useState, type FormEvent } from 'react';
import type { Post } from '@atelier/contracts';
import { SOCIAL_LIMITS } from '@atelier/contracts';
import ChatBubbleOutlineOutlined from '@mui/icons-material/ChatBubbleOutlineOutlined';
import FavoriteBorderOutlined from '@mui/icons-material/FavoriteBorderOutlined';
import FavoriteOutlined from '@mui/icons-material/FavoriteOutlined';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { selectUser } from '../../store/session-selectors';
import { useAppDispatch, useAppSelector } from '../../store/store-hooks';
import { FailureAlert } from './failure-alert';
import { FriendRow } from './friend-row';
import { selectComments, selectCommentsWithAuthors, selectPostAction, selectPostActions } from './network-selectors';
import { commentsRequested, editRequested, likeToggled, type PostAction } from './network-slice';
import { CommentForm, CommentList } from './post-comments';
import { PostOptions } from './post-options';
import { WidgetCard } from './widget-card';

const FAILURES_SHOWN: PostAction[] = ['like', 'comment', 'edit', 'delete'];

function PostEditor({ post, onDone }: { post: Post; onDone(): void }) {
  const dispatch = useAppDispatch();
  const pending = useAppSelector(selectPostAction(post._id, 'edit'))?.pending ?? false;
  const [description, setDescription] = useState(post.description);
  const canSave = description.trim() !== '' && !pending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSave) dispatch(editRequested({ postId: post._id, description: description.trim() }));
  };

  return (
    <Box component="form" onSubmit={submit} sx={{ mt: '1rem' }}>
      <TextField
        multiline
        fullWidth
        minRows={2}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
        slotProps={{ htmlInput: { 'aria-label': 'Edit your post', maxLength: SOCIAL_LIMITS.description } }}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: '0.5rem', mt: '0.5rem' }}>
        <Button onClick={onDone}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={!canSave}>
          Save
        </Button>
      </Box>
    </Box>
  );
}

function Failures({ postId }: { postId: string }) {
  const actions = useAppSelector(selectPostActions(postId));
  return (
    <>
      {FAILURES_SHOWN.map((action) => {
        const code = actions?.[action]?.error;
        return code ? <FailureAlert key={action} attempt={action} code={code} sx={{ mt: '0.5rem' }} /> : null;
      })}
    </>
  );
}

/** One post of the feed: author row, text, picture, likes, comments and, for its author, edit and delete. */
export function PostCard({ post }: { post: Post }) {
  const dispatch = useAppDispatch();
  const me = useAppSelector(selectUser);
  const liking = useAppSelector(selectPostAction(post._id, 'like'))?.pending ?? false;
  const editsSaved = useAppSelector(selectPostAction(post._id, 'edit'))?.done ?? 0;
  const commentsLoad = useAppSelector(selectComments(post._id));
  const commentsShown = useAppSelector(selectCommentsWithAuthors(post));
  const [commentsOpen, setCommentsOpen] = useState(false);
  // Editing lasts until the next successful save: the saved count moves past the one editing began at.
  const [editingSince, setEditingSince] = useState<number | null>(null);
  const editing = editingSince === editsSaved;
  const commentsId = useId();

  const isMine = me?._id === post.userId;
  const liked = me ? Boolean(post.likes[me._id]) : false;
  const likeCount = Object.keys(post.likes).length;

  const openComments = () => {
    setCommentsOpen(true);
    if (commentsLoad?.status !== 'loading' && !commentsShown) dispatch(commentsRequested({ postId: post._id }));
  };

  return (
    <WidgetCard component="article" sx={{ mb: '2rem' }}>
      <FriendRow
        member={{ _id: post.userId, firstName: post.firstName, lastName: post.lastName, picturePath: post.userPicturePath }}
        subtitle={post.location}
        action={isMine ? <PostOptions postId={post._id} onEdit={() => setEditingSince(editsSaved)} /> : undefined}
      />
      {editing ? (
        <PostEditor post={post} onDone={() => setEditingSince(null)} />
      ) : (
        <Typography sx={{ color: 'neutral.main', mt: '1rem', whiteSpace: 'pre-wrap', overflowWrap: 'break-word' }}>
          {post.description}
        </Typography>
      )}
      {post.picturePath && (
        <Box
          component="img"
          src={`/assets/posts/${encodeURIComponent(post.picturePath)}`}
          alt="Post picture"
          loading="lazy"
          sx={{
            display: 'block',
            width: '100%',
            height: 'auto',
            // Room is kept for the picture before it loads (lazily), so the feed does not jump under
            // the reader; once loaded its own proportions apply (the seeded pictures are 3:2).
            aspectRatio: 'auto 3 / 2',
            borderRadius: '0.75rem',
            mt: '0.75rem',
          }}
        />
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mt: '0.25rem' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: '1rem' }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: '0.3rem' }}>
            <IconButton
              aria-label="Like"
              aria-pressed={liked}
              disabled={liking}
              onClick={() => dispatch(likeToggled({ postId: post._id }))}
            >
              {liked ? <FavoriteOutlined sx={{ color: 'primary.main' }} /> : <FavoriteBorderOutlined />}
            </IconButton>
            <Typography>{likeCount}</Typography>
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: '0.3rem' }}>
            <IconButton
              aria-label="Comments"
              aria-expanded={commentsOpen}
              aria-controls={commentsOpen ? commentsId : undefined}
              onClick={() => (commentsOpen ? setCommentsOpen(false) : openComments())}
            >
              <ChatBubbleOutlineOutlined />
            </IconButton>
            <Typography>{post.commentCount}</Typography>
          </Box>
        </Box>
        {/* The share icon does nothing (docs/requirements/matrix-network.md#post-card). */}
        <IconButton aria-label="Share">
          <ShareOutlined />
        </IconButton>
      </Box>
      {commentsOpen && <CommentList post={post} id={commentsId} />}
      <CommentForm postId={post._id} onSubmitted={() => !commentsOpen && openComments()} />
      <Failures postId={post._id} />
    </WidgetCard>
  );
}
