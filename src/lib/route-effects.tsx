import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';

/**
 * After each navigation: the canonical link is the current address without its query string
 * (SPEC §2), and focus moves to the main content so that screen readers start there.
 */
export function RouteEffects() {
  const [location] = useLocation();
  const first = useRef(true);
  useEffect(() => {
    let link = document.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'canonical';
      document.head.append(link);
    }
    link.href = new URL(location, window.location.origin).href;
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById('main')?.focus({ preventScroll: true });
    window.scrollTo?.(0, 0);
  }, [location]);
  return null;
}
