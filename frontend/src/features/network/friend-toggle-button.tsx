import PersonAddOutlined from '@mui/icons-material/PersonAddOutlined';
import PersonRemoveOutlined from '@mui/icons-material/PersonRemoveOutlined';
import IconButton from '@mui/material/IconButton';
import { selectUser } from '../../store/session-selectors';
import { useAppDispatch, useAppSelector } from '../../store/store-hooks';
import { selectFriendTogglePending, selectIsMyFriend } from './network-selectors';
import { friendToggled } from './network-slice';

/** Adds or removes a member from the signed-in member's friends; nothing for the member themself. */
export function FriendToggleButton({ memberId }: { memberId: string }) {
  const dispatch = useAppDispatch();
  const me = useAppSelector(selectUser);
  const isFriend = useAppSelector(selectIsMyFriend(memberId));
  const pending = useAppSelector(selectFriendTogglePending(memberId));
  if (!me || me._id === memberId) return null;

  return (
    <IconButton
      aria-label={isFriend ? 'Remove friend' : 'Add friend'}
      disabled={pending}
      onClick={() => dispatch(friendToggled({ friendId: memberId }))}
      sx={{ bgcolor: 'primary.light', color: 'primary.dark', p: '0.5rem', flexShrink: 0 }}
    >
      {isFriend ? <PersonRemoveOutlined /> : <PersonAddOutlined />}
    </IconButton>
  );
}
