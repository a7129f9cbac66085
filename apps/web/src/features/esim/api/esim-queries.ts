import { useQuery } from '@tanstack/react-query';
import type { Esim, Language } from '@simshop/contract';
import { ApiError, call } from '@/lib/api-client';
import { endpointKey } from '@/lib/endpoint-query';
import { offlineEsimDetail, offlineEsimList, saveEsimDetail, saveEsimList } from '@/pwa/offline-esims';
import type { EsimListItem } from '@/pwa/offline-esims';

/** What the eSIM pages show: the server's answer, or the copy saved on the phone and when. */
export interface WithOffline<T> {
  data: T;
  /** Set when the network failed and the saved copy is shown (epoch ms of the save). */
  offlineSavedAt: number | null;
}

/** Only a failure to reach the shop falls back to the saved copy; a refusal stays a refusal. */
function unreachable(error: unknown): boolean {
  return error instanceof ApiError && (error.kind === 'network' || error.kind === 'offline' || error.kind === 'timeout');
}

// Offline the saved copy speaks for itself: no "no network" toast on top of it.
const quietWhenOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

export const esimListKey = (lang: Language) => endpointKey('esim', 'list', { page: 1, size: 100, i18n: lang });
export const esimDetailKey = (id: number, lang: Language) => endpointKey('esim', 'detail', { id, i18n: lang });

/** My eSIMs (first 100, newest first); each online read is saved for offline use. */
export function useEsimList(lang: Language) {
  return useQuery({
    queryKey: esimListKey(lang),
    queryFn: async ({ signal }): Promise<WithOffline<EsimListItem[]>> => {
      try {
        const result = await call('esim', 'list', { page: 1, size: 100, i18n: lang }, { signal, silent: quietWhenOffline() });
        saveEsimList(result.items);
        return { data: result.items, offlineSavedAt: null };
      } catch (error) {
        const copy = unreachable(error) ? offlineEsimList() : null;
        if (!copy) throw error;
        return { data: copy.data, offlineSavedAt: copy.savedAt };
      }
    },
  });
}

/** One eSIM with its install data; saved for offline use like the list. */
export function useEsimDetail(id: number, lang: Language) {
  return useQuery({
    queryKey: esimDetailKey(id, lang),
    queryFn: async ({ signal }): Promise<WithOffline<Esim>> => {
      try {
        const esim = await call('esim', 'detail', { id, i18n: lang }, { signal, silent: quietWhenOffline() });
        saveEsimDetail(esim);
        return { data: esim, offlineSavedAt: null };
      } catch (error) {
        const copy = unreachable(error) ? offlineEsimDetail(id) : null;
        if (!copy) throw error;
        return { data: copy.data, offlineSavedAt: copy.savedAt };
      }
    },
  });
}
