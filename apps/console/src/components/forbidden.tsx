import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

function Blocked({ status, name }: { status: '403' | '404'; name: 'forbidden' | 'notfound' }) {
  const { t } = useTranslation();
  return (
    <Result
      status={status}
      title={t(`console.${name}.title`)}
      subTitle={t(`console.${name}.text`)}
      extra={
        <Link to="/">
          <Button type="primary">{t('console.back-home')}</Button>
        </Link>
      }
    />
  );
}

export const Forbidden = () => <Blocked status="403" name="forbidden" />;
export const NotFound = () => <Blocked status="404" name="notfound" />;
