import { useTranslation } from '@/i18n';
import { Trans } from '@/i18n/trans';
import type { EsimUsage, Language } from '@simshop/contract';

/**
 * Data in MB as a traveller reads it: GB from 1000 MB (1 GB = 1000 MB, the plan's own unit), one
 * decimal at most, rounded down so what is "left" is never more than the network will give.
 */
export function formatData(mb: number): string {
  if (mb >= 1000) return `${Math.floor(mb / 100) / 10} GB`;
  return `${Math.floor(mb)} MB`;
}

const formats = new Map<string, Intl.DateTimeFormat>();
/** The day and time in the phone's own time zone: where the traveller is now. */
function formatEnd(ms: number, lang: Language): string {
  let format = formats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(lang, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
    formats.set(lang, format);
  }
  return format.format(ms);
}

/**
 * The plan's data left and days left: the allowance with a bar, the days with their
 * end, or what starts them, or why they cannot be shown now. Everything comes worked out from
 * the server (`usage` of an eSIM's page and of each row of the list); this only words it.
 */
export function PlanUsage({ usage, lang, compact = false }: { usage: EsimUsage; lang: Language; /** The list's card: data and days side by side. */ compact?: boolean }) {
  const { t } = useTranslation();
  const { state, dataMb, usedMb, leftMb } = usage;
  const total = dataMb === null ? null : formatData(dataMb);
  const percentLeft = dataMb !== null && leftMb !== null ? Math.round((leftMb / dataMb) * 100) : null;

  const data =
    dataMb === null ? (
      <>
        <p className="esim-usage-figure">
          <strong>{t('usage.unlimited')}</strong>
        </p>
        {usedMb !== null ? <p className="esim-usage-sub">{t('usage.used', { used: formatData(usedMb) })}</p> : null}
      </>
    ) : leftMb === null ? (
      <>
        <p className="esim-usage-figure">
          <strong>{total}</strong>
        </p>
        <p className="esim-usage-sub">{t('usage.unknown')}</p>
      </>
    ) : (
      <>
        <p className="esim-usage-figure">
          <Trans i18nKey="usage.left-of" values={{ left: formatData(leftMb), total }} components={{ b: <strong /> }} />
        </p>
        <div
          className={`esim-usage-bar${state === 'used-up' || state === 'expired' ? ' esim-usage-bar--out' : ''}`}
          role="progressbar"
          aria-label={t('usage.data-bar')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percentLeft ?? 0}
          aria-valuetext={t('usage.data-text', { left: formatData(leftMb), total })}
        >
          <span style={{ width: `${percentLeft ?? 0}%` }} />
        </div>
        <p className="esim-usage-sub">{state === 'used-up' ? t('usage.used-up') : t('usage.used', { used: formatData(usedMb ?? 0) })}</p>
      </>
    );

  const days =
    state === 'expired' ? (
      <>
        <p className="esim-usage-figure esim-usage-figure--closed">
          <strong>{t('usage.expired')}</strong>
        </p>
        {usage.expiresAt !== null ? <p className="esim-usage-sub">{t('usage.ended', { date: formatEnd(usage.expiresAt, lang) })}</p> : null}
      </>
    ) : usage.daysLeft === null ? (
      <>
        <p className="esim-usage-figure">
          <Trans i18nKey="usage.days" count={usage.validityDays} components={{ b: <strong /> }} />
        </p>
        <p className="esim-usage-sub">{t('usage.days-unknown')}</p>
      </>
    ) : state === 'not-started' ? (
      <>
        <p className="esim-usage-figure">
          <Trans i18nKey="usage.days" count={usage.daysLeft} components={{ b: <strong /> }} />
        </p>
        <p className="esim-usage-sub">{t(`usage.starts.${usage.validityStarts}`)}</p>
      </>
    ) : (
      <>
        <p className="esim-usage-figure">
          <Trans i18nKey="usage.days-left" count={usage.daysLeft} components={{ b: <strong /> }} />
        </p>
        {usage.expiresAt !== null ? <p className="esim-usage-sub">{t('usage.until', { date: formatEnd(usage.expiresAt, lang) })}</p> : null}
      </>
    );

  return (
    <div className={`esim-usage esim-usage--${state}${compact ? ' esim-usage--compact' : ''}`}>
      <div className="esim-usage-part esim-usage-data">
        <h3 className="esim-usage-label">{t('usage.data-label')}</h3>
        {data}
      </div>
      <div className="esim-usage-part esim-usage-days">
        <h3 className="esim-usage-label">{t('usage.days-label')}</h3>
        {days}
      </div>
    </div>
  );
}
