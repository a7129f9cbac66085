import { CheckCircleFill, CloseCircleFill, QuestionCircleFill } from 'antd-mobile-icons';
import { checkNumber, countryName, type NumberCheck } from '@simshop/contract';
import { useId, useState } from 'react';
import { PageLayout } from '@/components/page-layout';
import { useLanguage, useTranslation } from '@/i18n';
import '../tools.css';

/** The number with its check digit(s) marked. */
function Digits({ check }: { check: NumberCheck }) {
  const size = check.kind === 'eid' ? 2 : 1;
  return (
    <p className="tool-digits" aria-hidden>
      {check.digits.slice(0, -size)}
      <mark>{check.digits.slice(-size)}</mark>
    </p>
  );
}

function Result({ check }: { check: NumberCheck }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const unknown = t('tools.number.unknown-value');
  if (check.kind === 'unknown') {
    return (
      <div className="card" role="status">
        <p className="tool-verdict tool-verdict--warn">
          <QuestionCircleFill aria-hidden /> {t('tools.number.kind.unknown')}
        </p>
        <p className="tool-hint">{/^\d+$/.test(check.digits) ? t('tools.number.unknown.hint', { count: check.digits.length }) : t('tools.number.not-digits')}</p>
      </div>
    );
  }
  const eid = check.kind === 'eid';
  return (
    <div className="card" role="status">
      <p className="tool-verdict">{t(`tools.number.kind.${check.kind}`)}</p>
      <Digits check={check} />
      {check.valid ? (
        <p className="tool-verdict tool-verdict--ok">
          <CheckCircleFill aria-hidden /> {t(eid ? 'tools.number.valid.eid' : 'tools.number.valid')}
        </p>
      ) : (
        <p className="tool-verdict tool-verdict--bad">
          <CloseCircleFill aria-hidden /> {t(eid ? 'tools.number.invalid.eid' : 'tools.number.invalid', { expected: check.expectedCheck })}
        </p>
      )}
      <p className="tool-hint">{t(eid ? 'tools.number.method.mod97' : 'tools.number.method.luhn')}</p>
      <dl className="tool-facts">
        {check.kind === 'imei' ? (
          <>
            <dt>{t('tools.number.tac')}</dt>
            <dd className="tool-digits">{check.tac}</dd>
            <dt>{t('tools.number.reporting-body')}</dt>
            <dd>{check.reportingBody ?? unknown}</dd>
          </>
        ) : (
          <>
            <dt>{t('tools.number.country')}</dt>
            <dd>{check.country ? `${countryName(check.country, lang)} (+${Number(check.countryCode)})` : unknown}</dd>
            <dt>{t(eid ? 'tools.number.eid-issuer' : 'tools.number.issuer')}</dt>
            <dd>{check.issuer ?? unknown}</dd>
          </>
        )}
      </dl>
    </div>
  );
}

/** Number checker: an IMEI, ICCID or EID → which it is, whether its check digits hold, who issued it. */
export default function NumberCheckPage() {
  const { t } = useTranslation();
  const inputId = useId();
  const [value, setValue] = useState('');
  const check = value.trim() ? checkNumber(value.trim()) : null;

  return (
    <PageLayout title={t('route.tool-number-check')}>
      <div className="card">
        <label className="tool-field-label" htmlFor={inputId}>
          {t('tools.number.label')}
        </label>
        <input id={inputId} className="tool-input" type="search" inputMode="numeric" placeholder={t('tools.number.placeholder')} value={value} onChange={(e) => setValue(e.target.value)} autoComplete="off" spellCheck={false} />
        <p className="tool-hint">{t('tools.number.hint')}</p>
      </div>
      {check ? <Result check={check} /> : null}
    </PageLayout>
  );
}
