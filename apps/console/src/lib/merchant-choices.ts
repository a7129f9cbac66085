import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { endpointQuery } from './endpoint-query';
import { localText } from './format';
import { useCan, useMe } from './staff-session';

/** Every merchant by name, for pickers and filters: platform staff who run merchants only. */
export const useMerchantChoices = (enabled = true) =>
  useQuery({ ...endpointQuery('adminMerchant', 'choices', {}), staleTime: 60_000, enabled });

/**
 * The merchants as select options in the staff member's language, a status after any that is
 * not active; undefined for a merchant's own staff (they only ever see their merchant) and while
 * loading. `platformStaff` says whether lists should show who sells each row.
 */
export function useMerchantOptions(): { platformStaff: boolean; options: { value: number; label: string }[] | undefined } {
  const { t, i18n } = useTranslation();
  const platformStaff = useMe().data?.merchantId === null;
  const can = useCan();
  const choices = useMerchantChoices(platformStaff && can('merchants.manage'));
  const options = platformStaff ? choices.data?.items.map((m) => ({ value: m.id, label: `${localText(m.name, i18n.language)}${m.status === 'active' ? '' : ` (${t(`merchants.status.${m.status}`)})`}` })) : undefined;
  return { platformStaff, options };
}
