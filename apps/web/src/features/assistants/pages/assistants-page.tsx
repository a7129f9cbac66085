import { PageLayout } from '@/components/page-layout';
import { EmptyState, QueryState } from '@/components/page-states';
import { i18n, useTranslation } from '@/i18n';
import { ApiError } from '@/lib/api-client';
import { describeApiError } from '@/lib/api-response';
import { toast } from '@/lib/toast';
import { useAssistants, useRevokeAssistant } from '../api/assistants';
import { AssistantCard } from '../components/assistant-card';
import '../assistants.css';

/**
 * Mine → Connected assistants: the AI assistants the customer approved on the shop's consent
 * page, what each may do and when it was last used; revoking one refuses its tokens at once.
 */
export function AssistantsPage() {
  const { t } = useTranslation();
  const assistants = useAssistants();
  const revoke = useRevokeAssistant();
  const doRevoke = (id: string) =>
    revoke.mutate(
      { id },
      {
        onSuccess: () => toast.success(t('assistants.revoke.done')),
        onError: (err) => toast.error(err instanceof ApiError ? describeApiError(err, i18n) : t('assistants.failed')),
      },
    );
  return (
    <PageLayout title={t('route.assistants')} className="assistants-page">
      <section className="card assistants-intro">
        <p className="muted">{t('assistants.lead')}</p>
      </section>
      <QueryState query={assistants}>
        {(data) =>
          data.items.length === 0 ? (
            <EmptyState title={t('assistants.empty.title')} description={t('assistants.empty.description')} />
          ) : (
            data.items.map((a) => <AssistantCard key={a.id} assistant={a} busy={revoke.isPending} onRevoke={() => doRevoke(a.id)} />)
          )
        }
      </QueryState>
    </PageLayout>
  );
}
