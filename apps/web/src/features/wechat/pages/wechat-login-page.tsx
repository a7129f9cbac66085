import { Button, ProgressBar } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from '@/lib/router';
import type { LoginResponse } from '@simshop/contract';
import { PageLayout } from '@/components/page-layout';
import { ErrorState, LoadingState } from '@/components/page-states';
import { paths } from '@/config/paths';
import { i18n, useTranslation } from '@/i18n';
import { ApiError } from '@/lib/api-client';
import { describeApiError } from '@/lib/api-response';
import { isWeChatBrowser } from '@/lib/open-page';
import { startSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useProof } from '@/features/accounts/api/use-proof';
import { useWechatAuthorize } from '../api/authorize';
import { useWechatCreate } from '../api/create';
import { useWechatLogin } from '../api/login';
import { rememberLink, rememberSignIn, safeRedirect, takeSignIn } from '../wechat-flow';
import '../wechat.css';

type Phase = { kind: 'start' } | { kind: 'checking' } | { kind: 'link'; linkToken: string; state: string; nickname: string | null; redirect: string } | { kind: 'failed'; message: string };

/**
 * WeChat sign-in (`/pages/login/wechat`): inside WeChat's browser, off to the official
 * account's authorisation page and back here with a code. A WeChat the shop knows signs its
 * account in; a new one makes an account (user type 1).
 */
export function WechatLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const code = params.get('code');
  const inWechat = isWeChatBrowser(navigator.userAgent);
  const authorize = useWechatAuthorize();
  const login = useWechatLogin();
  const create = useWechatCreate();
  const [phase, setPhase] = useState<Phase>(code ? { kind: 'checking' } : { kind: 'start' });
  const started = useRef(false);
  const proof = useProof();
  const [proving, setProving] = useState(false);

  const finish = (result: LoginResponse, redirect: string) => {
    startSession(result);
    toast.success(t('account.welcome', { name: result.data.nickname }));
    void navigate(redirect, { replace: true });
  };

  useEffect(() => {
    if (!code || started.current) return;
    // The code is good once: React's second effect run must not spend it again.
    started.current = true;
    const pending = takeSignIn();
    if (!pending || pending.state !== params.get('state')) {
      setPhase({ kind: 'failed', message: t('wechat.state-mismatch') });
      return;
    }
    login.mutate(
      { code, state: pending.state },
      {
      onSuccess: (result) => {
        if (result.status === 'signed-in') finish(result.login, pending.redirect);
        else setPhase({ kind: 'link', linkToken: result.linkToken, state: pending.state, nickname: result.nickname, redirect: pending.redirect });
      },
      onError: (err) => setPhase({ kind: 'failed', message: err instanceof ApiError ? describeApiError(err, i18n) : t('wechat.failed') }),
      },
    );
    // Once per code (the ref above): the other values are read at that moment on purpose.
  }, [code]);

  // A new account costs the same proof of work as any sign-up, solved here before it is made.
  const createAccount = async (pending: Extract<Phase, { kind: 'link' }>) => {
    setProving(true);
    try {
      const solved = await proof.solve(await proof.ask('register'));
      setProving(false);
      finish(await create.mutateAsync({ linkToken: pending.linkToken, state: pending.state, ...solved }), pending.redirect);
    } catch (err) {
      // The API client shows the server's refusals; a check that could not run is said here.
      if (!(err instanceof ApiError)) toast.error(t('account.robot-check.failed'));
    } finally {
      setProving(false);
    }
  };

  const start = () =>
    authorize.mutate(paths['login-wechat'].path, {
      onSuccess: ({ url, state }) => {
        rememberSignIn({ state, redirect: safeRedirect(params.get('redirect'), paths.mine.path) });
        window.location.assign(url);
      },
    });

  return (
    <PageLayout title={t('route.login-wechat')}>
      <div className="card wechat-card">
        {phase.kind === 'start' && inWechat ? (
          <>
            <p className="wechat-lead">{t('wechat.lead')}</p>
            <Button block color="success" className="wechat-button" loading={authorize.isPending} onClick={start}>
              {t('wechat.sign-in')}
            </Button>
          </>
        ) : null}
        {phase.kind === 'start' && !inWechat ? (
          <>
            <p className="wechat-lead">{t('wechat.outside')}</p>
            <Button block color="primary" onClick={() => void navigate(paths.login.path)}>
              {t('wechat.other-sign-in')}
            </Button>
          </>
        ) : null}
        {phase.kind === 'checking' ? <LoadingState rows={2} /> : null}
        {phase.kind === 'link' ? (
          <>
            <h2 className="wechat-title">{phase.nickname ? t('wechat.new.named', { name: phase.nickname }) : t('wechat.new')}</h2>
            <p className="wechat-lead">{t('wechat.new.lead')}</p>
            <Button block color="success" className="wechat-button" loading={proving || create.isPending} loadingText={proving ? t('account.robot-check') : undefined} onClick={() => void createAccount(phase)}>
              {t('wechat.create')}
            </Button>
            <div className="code-sender-status" role="status" aria-live="polite">
              {proving ? <ProgressBar percent={Math.round(proof.progress * 100)} aria-label={t('account.robot-check')} /> : null}
            </div>
            <Button
              block
              fill="outline"
              onClick={() => {
                // Signing in proves the account is theirs; the link page then joins the two.
                rememberLink({ linkToken: phase.linkToken, state: phase.state, redirect: phase.redirect });
                void navigate(paths.login.getHref({ redirect: paths['wechat-link'].path }));
              }}
            >
              {t('wechat.link-existing')}
            </Button>
          </>
        ) : null}
        {phase.kind === 'failed' ? (
          <ErrorState
            title={phase.message}
            onRetry={() => {
              void navigate(paths['login-wechat'].path, { replace: true });
              setPhase({ kind: 'start' });
            }}
          />
        ) : null}
      </div>
    </PageLayout>
  );
}
