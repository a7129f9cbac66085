import { RESELLER_API_BASE } from '@simshop/contract';
import { Button, List } from 'antd-mobile';
import { useCallback, useState } from 'react';
import { ListRow } from '@/components/list-row';
import { PageLayout } from '@/components/page-layout';
import { paths } from '@/config/paths';
import { EmptyState, QueryState } from '@/components/page-states';
import { i18n, useTranslation } from '@/i18n';
import { ApiError } from '@/lib/api-client';
import { describeApiError } from '@/lib/api-response';
import { toast } from '@/lib/toast';
import { useApiKeys, useRevokeApiKey, useRotateApiKey } from '../api/api-keys';
import { ApiKeyCard } from '../components/api-key-card';
import { CreateKeySheet } from '../components/create-key-sheet';
import { SecretSheet } from '../components/secret-sheet';
import { SpendLimitsCard } from '../components/spend-limits-card';
import '../api-keys.css';

/**
 * Mine → API (resellers): the keys the reseller's own systems call the reseller API with. A new
 * or rotated key's secret is shown once, in its own sheet; revoking asks first.
 */
export function ApiKeysPage() {
  const { t } = useTranslation();
  const keys = useApiKeys();
  const rotate = useRotateApiKey();
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<{ name: string; secret: string } | null>(null);
  const closeSecret = useCallback(() => setShown(null), []);
  const busy = rotate.isPending || revoke.isPending;

  const failed = (err: unknown) => toast.error(err instanceof ApiError ? describeApiError(err, i18n) : t('api-keys.failed'));
  const doRotate = (id: number) =>
    rotate.mutate(
      { id },
      { onSuccess: (made) => setShown({ name: made.key.name, secret: made.secret }), onError: failed },
    );
  const doRevoke = (id: number) => revoke.mutate({ id }, { onSuccess: () => toast.success(t('api-keys.revoke.done')), onError: failed });

  return (
    <PageLayout title={t('route.api-keys')} className="api-keys-page">
      <section className="card api-keys-intro">
        <p className="muted">{t('api-keys.lead')}</p>
        <a className="link api-keys-docs" href={`${RESELLER_API_BASE}/docs`} target="_blank" rel="noreferrer">
          {t('api-keys.docs')}
        </a>
      </section>
      <List className="api-keys-links">
        <ListRow to={paths.webhooks.path} description={t('webhooks.link.hint')}>
          {t('webhooks.link')}
        </ListRow>
      </List>
      <QueryState query={keys}>
        {(data) => {
          const live = data.items.filter((k) => k.revokedAt === null).length;
          return (
            <>
              <div className="api-keys-bar">
                <span className="muted">{t('api-keys.count', { count: live, max: data.max })}</span>
                <Button color="primary" size="small" disabled={live >= data.max} onClick={() => setCreating(true)}>
                  {t('api-keys.new')}
                </Button>
              </div>
              {data.items.length === 0 ? (
                <EmptyState title={t('api-keys.empty.title')} description={t('api-keys.empty.description')} />
              ) : (
                data.items.map((k) => <ApiKeyCard key={k.id} apiKey={k} busy={busy} onRotate={() => doRotate(k.id)} onRevoke={() => doRevoke(k.id)} />)
              )}
            </>
          );
        }}
      </QueryState>
      <SpendLimitsCard />
      <CreateKeySheet
        open={creating}
        onClose={() => setCreating(false)}
        onMade={(made) => {
          setCreating(false);
          setShown(made);
        }}
      />
      <SecretSheet shown={shown} onClose={closeSecret} />
    </PageLayout>
  );
}
