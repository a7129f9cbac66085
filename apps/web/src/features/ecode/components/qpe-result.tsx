import { List } from 'antd-mobile';
import { useTranslation } from '@/i18n';
import { esimClassLabelKey, type QpeResult } from '@simshop/contract';
import { CopyRow } from '@/components/copy-row';
import { EsimInstall } from '@/components/esim-install';
import { formatDate } from '@/lib/format-date';

/** A customised ECode's eSIM: install (QR, iOS link, Android steps) and the data to copy. */
export function QpeResultView({ result }: { result: QpeResult }) {
  const { t, i18n } = useTranslation();
  const e = result.esim;
  return (
    <div className="qpe-result">
      <EsimInstall dpAddress={e.dpAddress} activationCode={e.activationCode} />
      <List className="card card--list" header={t('qpe.result.title')}>
        <CopyRow label={t('esim.dp-address')} value={e.dpAddress} />
        <CopyRow label={t('esim.activation-code')} value={e.activationCode} />
        <List.Item description={<span className="mono">{e.lpa}</span>}>{t('qpe.result.lpa')}</List.Item>
        <List.Item extra={<span className="mono">{e.iccid ?? '—'}</span>}>{t('qpe.result.iccid')}</List.Item>
        <List.Item extra={t(esimClassLabelKey(e.class))}>{t('qpe.result.class')}</List.Item>
        <List.Item extra={<span className="mono">{result.ecode}</span>}>{t('qpe.ecode')}</List.Item>
        <List.Item extra={<span className="mono">{result.imei}</span>}>{t('qpe.imei')}</List.Item>
        <List.Item extra={formatDate(result.customizedAt, i18n.language, 'dateTime')}>{t('qpe.result.customized-at')}</List.Item>
      </List>
    </div>
  );
}
