import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function Forbidden() {
  const { t } = useTranslation();
  return (
    <Result
      status="403"
      title={t('console.forbidden.title')}
      subTitle={t('console.forbidden.text')}
      extra={
        <Link to="/">
          <Button type="primary">{t('console.back-home')}</Button>
        </Link>
      }
    />
  );
}

export function NotFound() {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={t('console.notfound.title')}
      subTitle={t('console.notfound.text')}
      extra={
        <Link to="/">
          <Button type="primary">{t('console.back-home')}</Button>
        </Link>
      }
    />
  );
}
