/** How far a store is, in metres below a kilometre. */
export function distanceText(t: (key: string, options?: Record<string, unknown>) => string, km: number): string {
  return km < 1 ? t('store.distance-m', { m: Math.max(10, Math.round((km * 1000) / 10) * 10) }) : t('store.distance', { km: km < 10 ? km.toFixed(1) : Math.round(km) });
}
