import { DotLoading } from 'antd-mobile';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '@/i18n';

// The device list loads only when the check is opened, so it is not part of the pages that offer it.
const EsimCheck = lazy(() => import('@/components/esim-check'));

/** "Does my phone support eSIM?" behind a link-style button, opened and closed in place. */
export function EsimCheckToggle() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="plan-link-button" aria-expanded={open} onClick={() => setOpen((v) => !v)}>
        {t('esim-check.open')}
      </button>
      {open ? (
        <Suspense fallback={<DotLoading color="primary" />}>
          <EsimCheck />
        </Suspense>
      ) : null}
    </>
  );
}
