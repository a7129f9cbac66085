import type { ApiKey } from '@simshop/contract';
import { Button, Dialog } from 'antd-mobile';
import { useId } from 'react';
import { useLanguage, useTranslation } from '@/i18n';
import { formatDate } from '@/lib/format-date';

/** One key: name, mode, the visible prefix, scopes, allowed addresses, when made and last used; rotate and revoke after a confirmation. */
export function ApiKeyCard({ apiKey, busy, onRotate, onRevoke }: { apiKey: ApiKey; busy: boolean; onRotate: () => void; onRevoke: () => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const title = useId();
  const revoked = apiKey.revokedAt !== null;
  const confirm = async (text: string, then: () => void) => {
    if (await Dialog.confirm({ content: text, confirmText: t('common.confirm'), cancelText: t('common.cancel') })) then();
  };
  return (
    <article className={revoked ? 'card api-key-card api-key-card--revoked' : 'card api-key-card'} aria-labelledby={title}>
      <header className="api-key-head">
        <h2 className="card-title" id={title}>
          {apiKey.name}
        </h2>
        <span className={`api-key-tag api-key-tag--${revoked ? 'revoked' : apiKey.mode}`}>{revoked ? t('api-keys.revoked') : t(`api-keys.mode.${apiKey.mode}`)}</span>
      </header>
      <dl className="api-key-facts">
        <dt>{t('api-keys.prefix')}</dt>
        <dd className="mono">{apiKey.prefix}…</dd>
        <dt>{t('api-keys.scopes')}</dt>
        <dd>{apiKey.scopes.map((s) => t(`api-keys.scope.${s}`)).join(', ')}</dd>
        <dt>{t('api-keys.ips')}</dt>
        <dd className={apiKey.ipAllowList.length ? 'mono' : undefined}>{apiKey.ipAllowList.length ? apiKey.ipAllowList.join(', ') : t('api-keys.ips.any')}</dd>
        <dt>{t('api-keys.created')}</dt>
        <dd>{formatDate(apiKey.createdAt, lang)}</dd>
        <dt>{t('api-keys.last-used')}</dt>
        <dd>{apiKey.lastUsedAt === null ? t('api-keys.never') : formatDate(apiKey.lastUsedAt, lang, 'mediumDateTime')}</dd>
        {revoked ? (
          <>
            <dt>{t('api-keys.revoked')}</dt>
            <dd>{formatDate(apiKey.revokedAt!, lang)}</dd>
          </>
        ) : null}
      </dl>
      {revoked ? null : (
        <div className="api-key-actions">
          <Button size="small" disabled={busy} onClick={() => void confirm(t('api-keys.rotate.confirm', { name: apiKey.name }), onRotate)} aria-label={`${t('api-keys.rotate')}: ${apiKey.name}`}>
            {t('api-keys.rotate')}
          </Button>
          <Button size="small" color="danger" fill="outline" disabled={busy} onClick={() => void confirm(t('api-keys.revoke.confirm', { name: apiKey.name }), onRevoke)} aria-label={`${t('api-keys.revoke')}: ${apiKey.name}`}>
            {t('api-keys.revoke')}
          </Button>
        </div>
      )}
    </article>
  );
}
