import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';

/** React Router's index of the current entry in this tab's history, when it has one. */
function historyIndex(): number | undefined {
  const state: unknown = typeof window === 'undefined' ? null : window.history.state;
  const idx = typeof state === 'object' && state !== null ? (state as { idx?: unknown }).idx : undefined;
  return typeof idx === 'number' ? idx : undefined;
}

/**
 * SPEC §2: "Going back from the first page of history goes to home." A page opened from a
 * shared link has nothing of ours behind it, and `history.back()` would leave the shop; the
 * router marks that first entry with key 'default' (and idx 0 survives a reload).
 */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    const idx = historyIndex();
    if (location.key === 'default' || idx === undefined || idx <= 0) {
      void navigate(paths.home.path, { replace: true });
    } else {
      void navigate(-1);
    }
  }, [location.key, navigate]);
}
