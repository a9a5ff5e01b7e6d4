import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** The router scrolls to the top on every location change (docs/requirements/public-pages.md#routes). */
export function ScrollToTop() {
  const { key } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [key]);
  return null;
}
