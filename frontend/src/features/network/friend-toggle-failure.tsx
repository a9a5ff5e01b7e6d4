import Snackbar from '@mui/material/Snackbar';
import { useAppDispatch, useAppSelector } from '../../store/store-hooks';
import { FailureAlert } from './failure-alert';
import { selectFriendToggle } from './network-selectors';
import { friendToggleErrorDismissed } from './network-slice';

/** Add/remove friend buttons sit in many places; a failed toggle is reported once, for the page. */
export function FriendToggleFailure() {
  const dispatch = useAppDispatch();
  const { error } = useAppSelector(selectFriendToggle);
  const dismiss = () => dispatch(friendToggleErrorDismissed());
  return (
    <Snackbar open={error !== null} onClose={dismiss} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
      <div>{error && <FailureAlert attempt="friend" code={error} onClose={dismiss} />}</div>
    </Snackbar>
  );
}
