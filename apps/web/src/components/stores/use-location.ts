import { useCallback, useEffect, useState } from 'react';

export type LocationState = { status: 'idle' | 'locating' | 'denied' } | { status: 'located'; lat: number; lng: number };

/**
 * The visitor's position for "nearest first", asked only when they tap for it, or at once when
 * they already allowed it. It stays in the browser: the store list is sorted here, not on the server.
 */
export function useLocation() {
  const [state, setState] = useState<LocationState>({ status: 'idle' });
  const locate = useCallback(() => {
    if (!('geolocation' in navigator)) {
      setState({ status: 'denied' });
      return;
    }
    setState({ status: 'locating' });
    navigator.geolocation.getCurrentPosition(
      (pos) => setState({ status: 'located', lat: pos.coords.latitude, lng: pos.coords.longitude }),
      () => setState({ status: 'denied' }),
      { maximumAge: 300_000, timeout: 15_000 },
    );
  }, []);
  useEffect(() => {
    let live = true;
    void navigator.permissions
      ?.query({ name: 'geolocation' })
      .then((p) => {
        if (live && p.state === 'granted') locate();
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [locate]);
  return { location: state, locate };
}
