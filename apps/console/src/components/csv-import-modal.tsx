import { InboxOutlined } from '@ant-design/icons';
import { Alert, Flex, Modal, Typography, Upload } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/form-errors';

/** The server takes a CSV file's text in one request body of at most 1 MB. */
const MAX_CSV_BYTES = 1_000_000;

/**
 * Uploads a CSV file's text to an import action. Imports are all or nothing: a wrong line is
 * shown with its number and the reason (the catalogue's importRowInvalid), and nothing was
 * written, so the file can be fixed and chosen again.
 */
export function CsvImportModal<R>({
  open,
  title,
  help,
  extra,
  onImport,
  onDone,
  onClose,
}: {
  open: boolean;
  title: ReactNode;
  /** What the file holds: its columns, an example. */
  help: ReactNode;
  /** More fields above the file (e.g. which SKU's pool). */
  extra?: ReactNode;
  onImport: (csv: string) => Promise<R>;
  /** Shown after a success; the modal closes. */
  onDone: (result: R) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setFile(null);
    setError(null);
  };

  const run = async () => {
    if (!file) {
      setError(t('console.import.choose'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const result = await onImport(file.text);
      reset();
      onDone(result);
    } catch (e) {
      setError(errorText(e, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={t('console.import.run')}
      cancelText={t('console.cancel')}
      confirmLoading={busy}
      onOk={() => void run()}
      onCancel={() => {
        reset();
        onClose();
      }}
      destroyOnHidden
      width={640}
    >
      <Flex vertical gap={12}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {help}
        </Typography.Paragraph>
        {extra}
        <Upload.Dragger
          accept=".csv,text/csv"
          maxCount={1}
          showUploadList={false}
          beforeUpload={(chosen) => {
            setError(null);
            if (chosen.size > MAX_CSV_BYTES) {
              setError(t('console.import.too-large'));
              return Upload.LIST_IGNORE;
            }
            void chosen.text().then((text) => setFile({ name: chosen.name, text }));
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{file ? file.name : t('console.import.drop')}</p>
          <p className="ant-upload-hint">{file ? t('console.import.lines', { count: Math.max(0, file.text.split(/\r?\n/).filter((l) => l.trim() !== '').length - 1) }) : t('console.import.hint')}</p>
        </Upload.Dragger>
        {error ? <Alert type="error" showIcon title={error} role="alert" /> : null}
      </Flex>
    </Modal>
  );
}
