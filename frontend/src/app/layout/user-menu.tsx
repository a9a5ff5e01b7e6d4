import { lazy, Suspense } from 'react';
import { selectIsSignedIn } from '../../store/session-selectors';
import { useAppSelector } from '../../store/store-hooks';

// Loaded only for members, so anonymous visitors never download the menu's popover code.
const UserMenuDropdown = lazy(() => import('./user-menu-dropdown'));

/** The member's name dropdown while signed in (a token is stored); nothing otherwise. */
export function UserMenu() {
  const signedIn = useAppSelector(selectIsSignedIn);
  if (!signedIn) return null;
  return (
    <Suspense fallback={null}>
      <UserMenuDropdown />
    </Suspense>
  );
}
