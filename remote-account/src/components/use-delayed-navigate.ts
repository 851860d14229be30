import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigation } from 'shared/navigation';

/**
 * Navigates after a pause (the spec's 1.5 s and 2 s redirects); leaving the page first cancels it. The function is the
 * same on every render, so a callback built on it can be too (the login form's island keeps one element, #33).
 */
export function useDelayedNavigate(): (to: string, ms: number) => void {
  const { navigate } = useNavigation();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const [target, setTarget] = useState<{ to: string; ms: number } | null>(null);
  useEffect(() => {
    if (!target) return;
    const timer = setTimeout(() => navigateRef.current(target.to), target.ms);
    return () => clearTimeout(timer);
  }, [target]);
  return useCallback((to: string, ms: number) => setTarget({ to, ms }), []);
}
