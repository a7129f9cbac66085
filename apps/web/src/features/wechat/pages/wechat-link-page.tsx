import { Button } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from '@/lib/router';
import { PageLayout } from '@/components/page-layout';
import { ErrorState, LoadingState } from '@/components/page-states';
import { paths } from '@/config/paths';
import { i18n, useTranslation } from '@/i18n';
import { ApiError } from '@/lib/api-client';
import { describeApiError } from '@/lib/api-response';
import { toast } from '@/lib/toast';
import { useLinkSignedIn } from '../api/link-signed-in';
import { takeLink } from '../wechat-flow';
import '../wechat.css';

/**
 * Linking WeChat to an existing account (`/pages/wechat/link`): reached after the
 * customer signed in to that account from the WeChat sign-in page; joins the two.
 */
export function WechatLinkPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const link = useLinkSignedIn();
  const [problem, setProblem] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const pending = takeLink();
    if (!pending) {
      setProblem(t('wechat.link.none'));
      return;
    }
    link.mutate({ linkToken: pending.linkToken, state: pending.state }, {
      onSuccess: () => {
        toast.success(t('wechat.link.done'));
        void navigate(pending.redirect, { replace: true });
      },
      onError: (err) => setProblem(err instanceof ApiError ? describeApiError(err, i18n) : t('wechat.failed')),
    });
    // Once per visit (the ref above): the pending link is taken from storage.
  }, []);

  return (
    <PageLayout title={t('route.wechat-link')}>
      <div className="card wechat-card">
        {problem === null ? <LoadingState rows={2} /> : <ErrorState title={problem} />}
        {problem !== null ? (
          <Button block color="primary" onClick={() => void navigate(paths.mine.path, { replace: true })}>
            {t('wechat.link.to-mine')}
          </Button>
        ) : null}
      </div>
    </PageLayout>
  );
}
