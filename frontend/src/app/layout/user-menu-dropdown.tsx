import { useId, useState } from 'react';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { selectUser } from '../../store/session-selectors';
import { setLogout } from '../../store/session-slice';
import { useAppDispatch, useAppSelector } from '../../store/store-hooks';

/** The signed-in member's name, opening a menu with SIGN OUT. */
export default function UserMenuDropdown() {
  const user = useAppSelector(selectUser);
  const dispatch = useAppDispatch();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();

  if (!user) return null;

  const close = () => setAnchor(null);
  return (
    <>
      <Button
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : 'false'}
        endIcon={<ArrowDropDownIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ textTransform: 'none', whiteSpace: 'nowrap', color: 'neutral.dark', bgcolor: 'neutral.light', px: 2 }}
      >
        {user.firstName} {user.lastName}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={close}>
        <MenuItem
          onClick={() => {
            close();
            dispatch(setLogout());
          }}
        >
          SIGN OUT
        </MenuItem>
      </Menu>
    </>
  );
}
