import { List, Tag } from 'antd-mobile';
import { searchEsimDevices, type EsimSupport } from '@simshop/contract';
import { useDeferredValue, useId, useState } from 'react';
import { PageLayout } from '@/components/page-layout';
import { EmptyState } from '@/components/page-states';
import { useLanguage, useTranslation } from '@/i18n';
import '../tools.css';

const TAG_COLOR: Record<EsimSupport, 'success' | 'danger' | 'warning'> = { supported: 'success', unsupported: 'danger', depends: 'warning' };

/** eSIM compatibility checker: a device model → supported, not, or depends (with the reason). */
export default function EsimCheckPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const inputId = useId();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const found = deferred.trim() ? searchEsimDevices(deferred, 12) : null;

  return (
    <PageLayout title={t('route.tool-esim-check')}>
      <div className="card">
        <label className="tool-field-label" htmlFor={inputId}>
          {t('tools.esim.label')}
        </label>
        <input id={inputId} className="tool-input" type="search" placeholder={t('tools.esim.placeholder')} value={query} onChange={(e) => setQuery(e.target.value)} autoComplete="off" spellCheck={false} />
        <p className="tool-hint">{t('tools.esim.hint')}</p>
      </div>
      {found === null ? null : found.length === 0 ? (
        <EmptyState title={t('tools.esim.none', { query: deferred.trim() })} description={t('tools.esim.none.hint')} />
      ) : (
        <List className="card card--list" aria-live="polite">
          {found.map((device) => (
            <List.Item
              key={`${device.brand}|${device.model}`}
              description={
                <>
                  {device.reason ? <p className="tool-device-reason">{lang === 'zh-Hans' ? device.reason.zh : device.reason.en}</p> : null}
                  {device.support !== 'unsupported' ? <p className="tool-device-reason">{t('tools.esim.locked')}</p> : null}
                </>
              }
              extra={<Tag color={TAG_COLOR[device.support]}>{t(`tools.esim.${device.support}`)}</Tag>}
            >
              {device.brand} {device.model}
            </List.Item>
          ))}
        </List>
      )}
    </PageLayout>
  );
}
