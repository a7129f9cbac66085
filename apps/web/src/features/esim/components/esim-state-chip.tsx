import { useTranslation } from '@/i18n';
import { ESIM_STATE_TONE, type EsimState } from './esim-state';

/** The state as a coloured chip, the same on the list and on the eSIM's page. */
export function EsimStateChip({ state }: { state: EsimState }) {
  const { t } = useTranslation();
  return <span className={`esim-state esim-state--${ESIM_STATE_TONE[state]}`}>{t(`esim.state.${state}`)}</span>;
}
