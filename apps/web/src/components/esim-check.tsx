import { useId, useMemo, useState } from 'react';
import { searchEsimDevices, type EsimSupport } from '@simshop/contract';
import '@/styles/storefront.css';
import { useLanguage, useTranslation } from '@/i18n';

const TONE: Record<EsimSupport, string> = { supported: 'esim-check-badge--yes', unsupported: 'esim-check-badge--no', depends: 'esim-check-badge--depends' };

/**
 * "Does my phone support eSIM?": the model typed is looked up in the device list the
 * contract ships as data. Loaded only when opened, so the list is not part of the goods page.
 */
export default function EsimCheck() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [query, setQuery] = useState('');
  const id = useId();
  const hits = useMemo(() => searchEsimDevices(query, 6), [query]);
  const zh = lang === 'zh-Hans';
  return (
    <div className="esim-check">
      <label className="field" htmlFor={id}>
        <span className="field-label">{t('esim-check.label')}</span>
        <input id={id} className="esim-check-input" type="search" autoComplete="off" placeholder={t('esim-check.placeholder')} value={query} onChange={(e) => setQuery(e.target.value)} />
      </label>
      <div aria-live="polite">
        {query.trim() && hits.length === 0 ? <p className="muted">{t('esim-check.unknown')}</p> : null}
        {hits.length ? (
          <ul className="esim-check-hits">
            {hits.map((d) => (
              <li key={`${d.brand}-${d.model}`} className="esim-check-hit">
                <span className="esim-check-model">
                  {d.brand} {d.model}
                </span>
                <span className={`esim-check-badge ${TONE[d.support]}`}>{t(`esim-check.${d.support}`)}</span>
                {d.reason ? <span className="esim-check-reason">{zh ? d.reason.zh : d.reason.en}</span> : null}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <p className="esim-check-tip muted">{t('esim-check.tip')}</p>
    </div>
  );
}
