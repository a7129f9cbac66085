import { Button, Input, Popup, ProgressBar, Space } from 'antd-mobile';
import { RadioChoices } from '@/components/tick';
import { EXPORT_MAX_ROWS, type ExportFormatName, type ExportResult } from '@simshop/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/i18n';
import { downloadFile } from '@/lib/download';
import { toast } from '@/lib/toast';

/** Rows a server writes per second, roughly: only drives the progress bar's pace while waiting. */
const ROWS_PER_SECOND = 4000;

export interface ExportButtonProps {
  /** How many rows the current list has; the quantity asked for is at most this. */
  readonly total: number;
  /** Asks the server for the file; resolves with its download token. */
  readonly run: (input: { quantity: number; format: ExportFormatName }) => Promise<ExportResult>;
  readonly label?: string;
}

/**
 * SPEC §5 "Export": the user enters a quantity up to the total and picks CSV or Excel; with no
 * data the catalogue's no-data-to-export error shows. A large export (10 000 rows) takes a few
 * seconds, so a progress bar runs until the file arrives, then the file downloads.
 */
export function ExportButton({ total, run, label }: ExportButtonProps) {
  const { t } = useTranslation();
  const max = Math.min(total, EXPORT_MAX_ROWS);
  const [open, setOpen] = useState(false);
  const [quantity, setQuantity] = useState(String(max));
  const [format, setFormat] = useState<ExportFormatName>('csv');
  const [error, setError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const [percent, setPercent] = useState(0);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);

  useEffect(() => () => {
    if (timer.current) clearInterval(timer.current);
  }, []);

  const start = () => {
    if (total <= 0) {
      toast.error(t('error.export.no-data'));
      return;
    }
    setQuantity(String(max));
    setError(null);
    setOpen(true);
  };

  const submit = async () => {
    const n = Number(quantity);
    if (!/^\d+$/.test(quantity.trim()) || n < 1 || n > max) {
      setError(t('export.quantity.invalid', { max }));
      return;
    }
    setRunning(true);
    setPercent(0);
    // The server answers once the file is written; the bar creeps towards 95 % meanwhile.
    const expectedMs = Math.max(800, (n / ROWS_PER_SECOND) * 1000);
    const startedAt = Date.now();
    timer.current = setInterval(() => setPercent(Math.min(95, Math.round(((Date.now() - startedAt) / expectedMs) * 95))), 150);
    try {
      const result = await run({ quantity: n, format });
      setPercent(100);
      setOpen(false);
      toast.success(t('export.done', { rows: result.rows }));
      await downloadFile(result.file);
    } catch {
      // The API client has shown the catalogue message.
    } finally {
      if (timer.current) clearInterval(timer.current);
      timer.current = null;
      setRunning(false);
    }
  };

  return (
    <>
      <Button size="small" shape="rounded" className="export-button" onClick={start}>
        {label ?? t('export.button')}
      </Button>
      <Popup visible={open} onMaskClick={() => !running && setOpen(false)} bodyClassName="export-sheet" destroyOnClose>
        <form
          className="export-form"
          aria-label={t('export.title')}
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <h2 className="card-title">{t('export.title')}</h2>
          <label className="field-label" htmlFor="export-quantity">
            {t('export.quantity', { max })}
          </label>
          <Input
            id="export-quantity"
            name="quantity"
            type="number"
            inputMode="numeric"
            min={1}
            max={max}
            value={quantity}
            disabled={running}
            onChange={(v) => {
              setQuantity(v);
              setError(null);
            }}
          />
          {error && (
            <div className="field-error" role="alert">
              {error}
            </div>
          )}
          <div className="field-label" id="export-format-label">{t('export.format')}</div>
          <RadioChoices labelledBy="export-format-label" direction="horizontal" value={format} onChange={(v: ExportFormatName) => setFormat(v)} disabled={running} options={[{ value: 'csv', label: 'CSV' }, { value: 'xlsx', label: 'Excel (.xlsx)' }]} />
          {running && (
            <div className="export-progress" role="progressbar" aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100} aria-label={t('export.running')}>
              <ProgressBar percent={percent} text />
              <span>{t('export.running')}</span>
            </div>
          )}
          <Space direction="horizontal" className="export-actions">
            <Button type="button" shape="rounded" disabled={running} onClick={() => setOpen(false)}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" color="primary" shape="rounded" loading={running}>
              {t('export.submit')}
            </Button>
          </Space>
        </form>
      </Popup>
    </>
  );
}
