import { storeOpenState, WEEKDAYS, type Store } from '@simshop/contract';
import { useTranslation } from '@/i18n';

/** "Open now · closes 21:00" or "Closed · opens tomorrow 10:00", in the store's own time zone. */
export function OpenState({ store, now }: { store: Pick<Store, 'hours' | 'timeZone'>; now: Date }) {
  const { t } = useTranslation();
  const state = storeOpenState(store.hours, store.timeZone, now);
  const day = (d: number) => t(`store.day.${WEEKDAYS[d]}`);
  if (state.open) {
    if (state.closes === null) {
      return (
        <span className="store-state store-state--open">
          <strong>{t('store.open-24h')}</strong>
        </span>
      );
    }
    const when = state.closes.inDays === 0 ? t('store.closes', { time: state.closes.time }) : t('store.closes-day', { day: day(state.closes.day), time: state.closes.time });
    return (
      <span className="store-state store-state--open">
        <strong>{t('store.open-now')}</strong>
        <span aria-hidden> · </span>
        <span>{when}</span>
      </span>
    );
  }
  const when =
    state.opens === null
      ? t('store.no-hours')
      : state.opens.inDays === 0
        ? t('store.opens', { time: state.opens.time })
        : state.opens.inDays === 1
          ? t('store.opens-tomorrow', { time: state.opens.time })
          : t('store.opens-day', { day: day(state.opens.day), time: state.opens.time });
  return (
    <span className="store-state store-state--closed">
      <strong>{t('store.closed')}</strong>
      <span aria-hidden> · </span>
      <span>{when}</span>
    </span>
  );
}

export const isOpen = (store: Pick<Store, 'hours' | 'timeZone'>, now: Date) => storeOpenState(store.hours, store.timeZone, now).open;
