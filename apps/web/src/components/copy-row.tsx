import { Button, List } from 'antd-mobile';
import { useTranslation } from '@/i18n';
import { toast } from '@/lib/toast';

/** A value with a copy button (SPEC §8: clipboard toast for 2000 ms). */
export function CopyRow({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast.clipboard(t('common.success.copy'), true);
    } catch {
      toast.clipboard(t('common.fail.copy'), false);
    }
  };
  return (
    <List.Item description={<span className="mono">{value}</span>} extra={<Button size="mini" onClick={() => void copy()}>{t('order.copy')}</Button>}>
      {label}
    </List.Item>
  );
}
