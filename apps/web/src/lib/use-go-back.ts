import { useCallback } from 'react';
import { paths } from '@/config/paths';
import { useLocation, useNavigate } from '@/lib/router';

/**
 * SPEC §2: "Going back from the first page of history goes to home." A page opened from a
 * shared link has nothing of ours behind it, and `history.back()` would leave the shop; the
 * router marks that first entry with key 'default' and index 0 (the index survives a reload).
 */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  const { key, idx } = useLocation();
  return useCallback(() => {
    if (key === 'default' || idx <= 0) navigate(paths.home.path, { replace: true });
    else navigate(-1);
  }, [key, idx, navigate]);
}
