import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTime } from '@/components/date-time';

/** A settings form's submit button with when it was last saved, or what holds until it is. */
export function SaveBar({ label, saving, updatedAt, neverSaved }: { label: string; saving: boolean; updatedAt: number | null; neverSaved: string }) {
  const { t } = useTranslation();
  return (
    <Flex gap={16} align="center">
      <Button type="primary" htmlType="submit" loading={saving}>
        {label}
      </Button>
      <Typography.Text type="secondary">
        {updatedAt ? (
          <>
            {t('settings.contact.last-saved')}: <DateTime value={updatedAt} />
          </>
        ) : (
          neverSaved
        )}
      </Typography.Text>
    </Flex>
  );
}
