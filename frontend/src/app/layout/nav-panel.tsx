import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import { NAV_ITEMS } from './nav-items';
import { NavLinks } from './nav-links';
import { NAV_PANEL_ID } from './nav-panel-id';
import { UserMenu } from './user-menu';

interface NavPanelProps {
  open: boolean;
  onClose: () => void;
}

/** The narrow-screen menu: a right-side slide-in panel, 300 to 500px wide, closed by choosing an item. */
export default function NavPanel({ open, onClose }: NavPanelProps) {
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          id: NAV_PANEL_ID,
          role: 'dialog',
          'aria-label': 'Site menu',
          sx: { width: '40vw', minWidth: 300, maxWidth: 500, bgcolor: 'background.alt', backgroundImage: 'none' },
        },
      }}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 2, p: '2rem 1.5rem' }}>
        <UserMenu />
        <NavLinks label="Main" items={NAV_ITEMS} orientation="vertical" onNavigate={onClose} />
        <IconButton aria-label="close menu" onClick={onClose} sx={{ color: 'neutral.dark' }}>
          <CloseIcon />
        </IconButton>
      </Box>
    </Drawer>
  );
}
