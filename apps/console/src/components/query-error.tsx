import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/form-errors';

/** What a page shows when its data could not be loaded: the reason and a retry. */
export function QueryError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t('console.error.load')}
      subTitle={errorText(error, t)}
      extra={onRetry ? <Button onClick={onRetry}>{t('console.retry')}</Button> : undefined}
    />
  );
}
