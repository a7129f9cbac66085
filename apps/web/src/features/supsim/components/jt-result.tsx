import { List } from 'antd-mobile';
import { useTranslation } from '@/i18n';
import type { JtResult } from '@simshop/contract';

/** SPEC §3 SuperSIM JT result: bound number, MSISDN (masked for a card that is not yours), expiry date, HPLMN (MCC + MNC). */
export function JtResultList({ result }: { result: JtResult }) {
  const { t } = useTranslation();
  return (
    <List className="jt-result">
      <List.Item extra={result.boundNumber}>{t('supsim.bound-number')}</List.Item>
      <List.Item extra={result.msisdn} description={result.msisdn.includes('*') ? t('supsim.msisdn.masked') : undefined}>{t('supsim.msisdn')}</List.Item>
      <List.Item extra={result.expiryDate}>{t('supsim.expiry')}</List.Item>
      <List.Item extra={`${result.hplmn.mcc} ${result.hplmn.mnc}`}>{t('supsim.hplmn')}</List.Item>
    </List>
  );
}
