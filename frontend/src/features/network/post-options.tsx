import { useId, useState } from 'react';
import MoreVert from '@mui/icons-material/MoreVert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useAppDispatch, useAppSelector } from '../../store/store-hooks';
import { selectPostAction } from './network-selectors';
import { deleteRequested } from './network-slice';

interface PostOptionsProps {
  postId: string;
  onEdit(): void;
}

/** The author's menu on their own post: Edit (inline) and Delete (after a confirmation). */
export function PostOptions({ postId, onEdit }: PostOptionsProps) {
  const dispatch = useAppDispatch();
  const deleting = useAppSelector(selectPostAction(postId, 'delete'))?.pending ?? false;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState(false);
  const menuId = useId();
  const titleId = useId();
  const close = () => setAnchor(null);

  return (
    <>
      <IconButton
        aria-label="Post options"
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : 'false'}
        disabled={deleting}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVert />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={close}>
        <MenuItem
          onClick={() => {
            close();
            onEdit();
          }}
        >
          Edit
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            setConfirming(true);
          }}
        >
          Delete
        </MenuItem>
      </Menu>
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>Delete this post?</DialogTitle>
        <DialogContent>
          <DialogContentText>It disappears for everyone, with its picture, likes and comments.</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>Cancel</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              setConfirming(false);
              dispatch(deleteRequested({ postId }));
            }}
          >
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
