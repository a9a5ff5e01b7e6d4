import { Navigate, Outlet } from 'react-router-dom';
import { selectToken } from '../store/session-selectors';
import { useAppSelector } from '../store/store-hooks';

/** Members-only routes: without a stored token the visitor goes to the lobby. */
export function RequireToken() {
  const token = useAppSelector(selectToken);
  return token ? <Outlet /> : <Navigate to="/lobby" replace />;
}
