import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** The spec's router scrolls to the top on every location change. */
export function ScrollToTop() {
  const { key } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [key]);
  return null;
}
