import { MCP_SCOPE_TEXTS, type ConnectedAssistant } from '@simshop/contract';
import { Button, Dialog } from 'antd-mobile';
import { useId } from 'react';
import { useLanguage, useTranslation } from '@/i18n';
import { formatDate } from '@/lib/format-date';
import { buyingText } from '../buying-text';

/** One connected assistant: its name, what it may do in words, how much it may buy a day, when allowed and last used; revoke after a confirmation. */
export function AssistantCard({ assistant, busy, onRevoke }: { assistant: ConnectedAssistant; busy: boolean; onRevoke: () => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const title = useId();
  const revoke = async () => {
    if (await Dialog.confirm({ content: t('assistants.revoke.confirm', { name: assistant.name }), confirmText: t('common.confirm'), cancelText: t('common.cancel') })) onRevoke();
  };
  return (
    <article className="card assistant-card" aria-labelledby={title}>
      <h2 className="card-title" id={title}>
        {assistant.name}
      </h2>
      <dl className="assistant-facts">
        <dt>{t('assistants.scopes')}</dt>
        <dd>
          <ul className="assistant-scopes">
            {assistant.scopes.map((s) => (
              <li key={s}>{lang === 'zh-Hans' ? MCP_SCOPE_TEXTS[s].zh : MCP_SCOPE_TEXTS[s].en}</li>
            ))}
          </ul>
        </dd>
        <dt>{t('assistants.buying')}</dt>
        <dd>{buyingText(assistant.buyLimit, t)}</dd>
        <dt>{t('assistants.granted')}</dt>
        <dd>{formatDate(assistant.grantedAt, lang, 'mediumDateTime')}</dd>
        <dt>{t('assistants.last-used')}</dt>
        <dd>{assistant.lastUsedAt === null ? t('assistants.never') : formatDate(assistant.lastUsedAt, lang, 'mediumDateTime')}</dd>
      </dl>
      <div className="assistant-actions">
        <Button size="small" color="danger" fill="outline" disabled={busy} onClick={() => void revoke()} aria-label={`${t('assistants.revoke')}: ${assistant.name}`}>
          {t('assistants.revoke')}
        </Button>
      </div>
    </article>
  );
}
