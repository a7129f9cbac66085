import { UploadOutlined } from '@ant-design/icons';
import { PARCEL_CARRIERS, carrierLabelKey, type AdminBulkShipLine, type BulkOutcome, type Carrier } from '@simshop/contract';
import { Button, Flex, Input, Modal, Select, Table, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BulkReport, inSlices, type BulkProgress } from '@/components/bulk-report';
import { errorText } from '@/lib/form-errors';
import { useBulkShip, useBulkShipPreview } from '../api/order-bulk';

/** Orders shipped per call, so the report moves while a long list ships. */
const SLICE = 10;

/**
 * Ships the selected orders with tracking numbers pasted or read from a CSV file, in three steps:
 * the list (and the carrier of lines that name none), the server's reading of it line by line
 * with each order checked, then the shipping with its progress and which orders failed and why.
 * Lines the preview found wrong are not sent; they are reported as failed with their reason.
 */
export function BulkShipDialog({ open, orderNos, onClose }: { open: boolean; orderNos: readonly string[]; onClose: () => void }) {
  const { t } = useTranslation();
  const [carrier, setCarrier] = useState<Carrier>('sf');
  const [text, setText] = useState('');
  const [lines, setLines] = useState<AdminBulkShipLine[] | null>(null);
  const [progress, setProgress] = useState<BulkProgress | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const preview = useBulkShipPreview();
  const ship = useBulkShip();

  const reset = () => {
    setLines(null);
    setProgress(null);
    setFailure(null);
    setText('');
  };
  const close = () => {
    if (progress?.running) return;
    reset();
    onClose();
  };

  const runPreview = () =>
    preview.mutate(
      { orderNos: [...orderNos], text, carrier },
      { onSuccess: (r) => { setFailure(null); setLines(r.lines); }, onError: (e) => setFailure(errorText(e, t)) },
    );

  const good = (lines ?? []).filter((l) => l.error === null && l.orderNo !== null && l.carrier !== null);
  const known: BulkOutcome[] = (lines ?? []).filter((l) => l.error !== null).map((l) => ({ ref: l.orderNo ?? t('orders.bulk.line', { line: l.line }), ok: false, error: l.error }));
  const send = async () => {
    const items = good.map((l) => ({ orderNo: l.orderNo!, carrier: l.carrier!, trackingNo: l.trackingNo }));
    setProgress({ total: items.length + known.length, results: known, running: true });
    try {
      const results = await inSlices(items, SLICE, (slice) => ship.mutateAsync({ items: slice }), (sent) => setProgress({ total: items.length + known.length, results: [...sent, ...known], running: true }));
      setProgress({ total: items.length + known.length, results: [...results, ...known], running: false });
    } catch (e) {
      setFailure(errorText(e, t));
      setProgress((p) => (p ? { ...p, running: false } : p));
    }
  };

  const step = progress ? 'report' : lines ? 'preview' : 'input';
  const footer =
    step === 'input' ? (
      <Button type="primary" loading={preview.isPending} disabled={text.trim() === ''} onClick={runPreview}>
        {t('orders.bulk.ship.check')}
      </Button>
    ) : step === 'preview' ? (
      <>
        <Button onClick={() => setLines(null)}>{t('orders.bulk.ship.back')}</Button>
        <Button type="primary" disabled={good.length === 0} onClick={() => void send()}>
          {t('orders.bulk.ship.send', { count: good.length })}
        </Button>
      </>
    ) : (
      <Button type="primary" disabled={progress?.running} onClick={close}>
        {t('orders.bulk.close')}
      </Button>
    );

  return (
    <Modal open={open} title={t('orders.bulk.ship.title', { count: orderNos.length })} onCancel={close} footer={footer} width={760} destroyOnHidden maskClosable={false}>
      {step === 'input' ? (
        <Flex vertical gap={12}>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {t('orders.bulk.ship.help')}
          </Typography.Paragraph>
          <Flex gap={8} align="center" wrap>
            <label htmlFor="bulk-ship-carrier">{t('orders.bulk.ship.carrier')}</label>
            <Select id="bulk-ship-carrier" value={carrier} onChange={setCarrier} style={{ width: 220 }} options={PARCEL_CARRIERS.map((c) => ({ value: c, label: t(carrierLabelKey(c)) }))} aria-label={t('orders.bulk.ship.carrier')} />
            <Upload
              accept=".csv,text/csv,text/plain"
              showUploadList={false}
              beforeUpload={(file) => {
                // The server reads it with the shop's CSV reader; here it only fills the box, for review.
                void file.text().then(setText);
                return false;
              }}
            >
              <Button icon={<UploadOutlined />}>{t('orders.bulk.ship.csv')}</Button>
            </Upload>
          </Flex>
          <Input.TextArea
            aria-label={t('orders.bulk.ship.list')}
            placeholder={`${orderNos[0] ?? 'SS…'}, sf, SF1234567890\nSF1234567891`}
            autoSize={{ minRows: 6, maxRows: 14 }}
            value={text}
            onChange={(e) => setText(e.target.value)}
            style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' }}
          />
        </Flex>
      ) : null}
      {step === 'preview' ? (
        <Table<AdminBulkShipLine>
          size="small"
          rowKey="line"
          pagination={false}
          scroll={{ y: 360 }}
          dataSource={lines ?? []}
          columns={[
            { title: t('orders.bulk.ship.col.line'), dataIndex: 'line', width: 60 },
            { title: t('orders.col.order-no'), dataIndex: 'orderNo', width: 210, render: (v: string | null) => <span style={{ fontFamily: 'ui-monospace, monospace', whiteSpace: 'nowrap' }}>{v ?? '—'}</span> },
            { title: t('orders.bulk.ship.col.carrier'), dataIndex: 'carrier', width: 130, render: (v: string | null, l) => (v && l.error?.i18n !== 'res.carrier.unsupported' ? t(carrierLabelKey(v as Carrier)) : (v ?? '—')) },
            { title: t('orders.bulk.ship.col.tracking'), dataIndex: 'trackingNo', width: 150 },
            {
              title: t('orders.bulk.ship.col.check'),
              key: 'check',
              render: (_, l) => (l.error ? <Typography.Text type="danger">{t(l.error.i18n, (l.error.data as Record<string, unknown> | undefined) ?? {})}</Typography.Text> : <Tag color="green">{t('orders.bulk.ship.ok')}</Tag>),
            },
          ]}
        />
      ) : null}
      {progress ? <BulkReport progress={progress} /> : null}
      {failure ? <Typography.Text type="danger" role="alert">{failure}</Typography.Text> : null}
    </Modal>
  );
}
