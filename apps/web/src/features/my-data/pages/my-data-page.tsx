import { saveBlob } from '@simshop/endpoint-query';
import { deletionConfirmText, myDataFileName } from '@simshop/contract';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useUserInfo } from '@/features/accounts/api/get-user-info';
import { PageLayout } from '@/components/page-layout';
import { QueryState } from '@/components/page-states';
import { paths } from '@/config/paths';
import { i18n, useLanguage, useTranslation } from '@/i18n';
import { ApiError } from '@/lib/api-client';
import { describeApiError } from '@/lib/api-response';
import { useNavigate } from '@/lib/router';
import { clearSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useExportData } from '../api/my-data';
import { DeleteAccountSheet } from '../components/delete-account-sheet';
import '../my-data.css';

/** Mine → My data: download everything the shop keeps about the customer, or delete the account. */
export function MyDataPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const info = useUserInfo();
  const exportData = useExportData();
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);

  const download = async () => {
    setDownloadError(null);
    try {
      const document = await exportData.mutateAsync({ i18n: lang });
      const name = myDataFileName(document.about.exportedAt);
      // Indented, so the file reads in any text editor.
      saveBlob(new Blob([JSON.stringify(document, null, 2)], { type: 'application/json' }), name);
      toast.success(t('my-data.download.done', { name }));
    } catch (err) {
      setDownloadError(err instanceof ApiError ? describeApiError(err, i18n) : t('my-data.download.failed'));
    }
  };

  const deleted = () => {
    clearSession();
    toast.success(t('my-data.delete.done'));
    void navigate(paths.mine.path, { replace: true });
  };

  return (
    <PageLayout title={t('route.my-data')}>
      <QueryState query={info}>
        {(user) => (
          <>
            <section className="card my-data-card" aria-labelledby="my-data-download">
              <h2 className="card-title" id="my-data-download">
                {t('my-data.download.title')}
              </h2>
              <p className="muted">{t('my-data.download.lead')}</p>
              <Button block color="primary" onClick={() => void download()} loading={exportData.isPending} loadingText={t('my-data.download.busy')}>
                {t('my-data.download.button')}
              </Button>
              {downloadError ? (
                <p className="field-error my-data-error" role="alert">
                  {downloadError}
                </p>
              ) : null}
            </section>

            <section className="card my-data-card my-data-card--danger" aria-labelledby="my-data-delete">
              <h2 className="card-title" id="my-data-delete">
                {t('my-data.delete.title')}
              </h2>
              <p className="my-data-account">
                {t('my-data.account')}: <strong>{deletionConfirmText(user)}</strong>
              </p>
              <p className="muted">{t('my-data.delete.lead')}</p>
              <p className="muted">{t('my-data.delete.before')}</p>
              <Button block color="danger" fill="outline" onClick={() => setDeleting(true)}>
                {t('my-data.delete.button')}
              </Button>
            </section>
            <DeleteAccountSheet account={deletionConfirmText(user)} open={deleting} onClose={() => setDeleting(false)} onDeleted={deleted} />
          </>
        )}
      </QueryState>
    </PageLayout>
  );
}
