import { CloseOutlined, PercentageOutlined, StopOutlined, CheckCircleOutlined, TagOutlined } from '@ant-design/icons';
import type { AdminLabelRef, BulkOutcome } from '@simshop/contract';
import { Button, Flex, InputNumber, Modal, Segmented, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BulkReport, inSlices, type BulkProgress } from '@/components/bulk-report';
import { errorText } from '@/lib/form-errors';
import { localText } from '@/lib/format';
import { useBulkLabel, useBulkOnSale, useBulkPrice } from '../api/product-bulk';

/** Products changed per call, so the report moves while a long selection is worked through. */
const SLICE = 10;

type Action = { kind: 'on' | 'off' | 'price' | 'label' };

/**
 * What staff do to the products they ticked: put them on or off sale, move their prices by a
 * percentage, add or take off a label. Price and label ask first in a dialog; every action then
 * shows its progress and which products failed and why.
 */
export function ProductBulkBar({ ids, names, labels, onClear }: { ids: readonly number[]; names: ReadonlyMap<number, string>; labels: readonly AdminLabelRef[]; onClear: () => void }) {
  const { t, i18n } = useTranslation();
  const [action, setAction] = useState<Action | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [labelId, setLabelId] = useState<number | undefined>(undefined);
  const [labelMode, setLabelMode] = useState<'add' | 'remove'>('add');
  const [progress, setProgress] = useState<BulkProgress | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const onSale = useBulkOnSale();
  const price = useBulkPrice();
  const label = useBulkLabel();
  if (ids.length === 0) return null;

  const run = async (send: (slice: number[]) => Promise<{ results: BulkOutcome[] }>) => {
    setFailure(null);
    setProgress({ total: ids.length, results: [], running: true });
    try {
      const results = await inSlices([...ids], SLICE, send, (sent) => setProgress({ total: ids.length, results: sent, running: true }));
      setProgress({ total: ids.length, results, running: false });
    } catch (e) {
      setFailure(errorText(e, t));
      setProgress((p) => (p ? { ...p, running: false } : p));
    }
  };
  const start = (a: Action) => {
    setAction(a);
    setProgress(null);
    setFailure(null);
    if (a.kind === 'on' || a.kind === 'off') void run((slice) => onSale.mutateAsync({ ids: slice, onSale: a.kind === 'on' }));
  };
  const close = () => {
    if (progress?.running) return;
    setAction(null);
    setProgress(null);
  };
  const confirm = () => {
    if (action?.kind === 'price' && percent) void run((slice) => price.mutateAsync({ ids: slice, percent }));
    if (action?.kind === 'label' && labelId !== undefined) void run((slice) => label.mutateAsync({ ids: slice, labelId, add: labelMode === 'add' }));
  };
  const asking = !progress && (action?.kind === 'price' || action?.kind === 'label');
  const title = action ? t(`catalogue.bulk.${action.kind}.title`, { count: ids.length }) : '';

  return (
    <section aria-label={t('bulk.actions')} style={{ marginBottom: 12, padding: '8px 12px', background: '#f0f5ff', borderRadius: 8 }}>
      <Flex gap={8} align="center" wrap>
        <Typography.Text strong>{t('bulk.selected', { count: ids.length })}</Typography.Text>
        <Button icon={<CheckCircleOutlined />} onClick={() => start({ kind: 'on' })}>
          {t('catalogue.bulk.on')}
        </Button>
        <Button icon={<StopOutlined />} onClick={() => start({ kind: 'off' })}>
          {t('catalogue.bulk.off')}
        </Button>
        <Button icon={<PercentageOutlined />} onClick={() => start({ kind: 'price' })}>
          {t('catalogue.bulk.price')}
        </Button>
        <Button icon={<TagOutlined />} onClick={() => start({ kind: 'label' })}>
          {t('catalogue.bulk.label')}
        </Button>
        <Button type="text" icon={<CloseOutlined />} onClick={onClear}>
          {t('bulk.clear')}
        </Button>
      </Flex>
      <Modal
        open={action !== null}
        title={title}
        onCancel={close}
        maskClosable={false}
        destroyOnHidden
        footer={
          asking ? (
            <>
              <Button onClick={close}>{t('console.cancel')}</Button>
              <Button type="primary" disabled={action?.kind === 'price' ? !percent : labelId === undefined} onClick={confirm}>
                {t('catalogue.bulk.apply', { count: ids.length })}
              </Button>
            </>
          ) : (
            <Button type="primary" disabled={progress?.running} onClick={close}>
              {t('orders.bulk.close')}
            </Button>
          )
        }
      >
        {asking && action?.kind === 'price' ? (
          <Flex vertical gap={8}>
            <label htmlFor="bulk-price-percent">{t('catalogue.bulk.price.percent')}</label>
            <InputNumber id="bulk-price-percent" value={percent} onChange={setPercent} min={-99} max={500} precision={2} suffix="%" style={{ width: 160 }} />
            <Typography.Text type="secondary">{t('catalogue.bulk.price.help')}</Typography.Text>
          </Flex>
        ) : null}
        {asking && action?.kind === 'label' ? (
          <Flex vertical gap={8}>
            <Segmented value={labelMode} onChange={(v) => setLabelMode(v as 'add' | 'remove')} options={[{ value: 'add', label: t('catalogue.bulk.label.add') }, { value: 'remove', label: t('catalogue.bulk.label.remove') }]} />
            <Select aria-label={t('catalogue.labels')} placeholder={t('catalogue.labels')} value={labelId} onChange={setLabelId} style={{ width: 260 }} options={labels.map((l) => ({ value: l.id, label: localText(l.text, i18n.language) }))} />
          </Flex>
        ) : null}
        {progress ? <BulkReport progress={progress} name={(ref) => names.get(Number(ref)) ?? `#${ref}`} /> : null}
        {failure ? <Typography.Text type="danger" role="alert">{failure}</Typography.Text> : null}
      </Modal>
    </section>
  );
}
