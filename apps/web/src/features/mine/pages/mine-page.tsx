import { Badge, Dialog, Grid, List } from 'antd-mobile';
import {
  AppstoreOutline,
  FileOutline,
  FolderOutline,
  KeyOutline,
  LinkOutline,
  LocationOutline,
  LockOutline,
  MailOutline,
  MessageOutline,
  PhonebookOutline,
  RightOutline,
  ScanCodeOutline,
  ShopbagOutline,
  SendOutline,
  SetOutline,
  TagOutline,
  TeamOutline,
  TravelOutline,
  UserCircleOutline,
  UserContactOutline,
  UserOutline,
  CheckShieldOutline,
  CouponOutline,
  ContentOutline,
  EnvironmentOutline,
  CalculatorOutline,
} from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from '@/i18n';
import { LIMITS } from '@simshop/contract';
import { BrandHeader } from '@/components/brand-header';
import { ListRow } from '@/components/list-row';
import { ResellerBalances } from '@/components/reseller-balances';
import { paths } from '@/config/paths';
import type { ShortcutName } from '@/config/paths';
import { openPage } from '@/lib/open-page';
import { clearSession, startSession, useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useLogout } from '../api/logout';
import { useSwitchRegular } from '../api/switch-regular';
import { LanguageSelector } from '../components/language-selector';
import { CurrencySelector } from '../components/currency-selector';
import { NotificationSettings } from '../components/notification-settings';
import { useUnreadMessages } from '@/features/messages/api/unread-messages';

interface Entry {
  readonly key: string;
  readonly label: string;
  readonly icon: ReactNode;
  readonly route: ShortcutName;
  /** Shown to resellers only (SPEC §6). */
  readonly reseller?: boolean;
}

/** SPEC §2 "my service". */
const SERVICES: readonly Entry[] = [
  { key: 'device', label: 'mine.device', icon: <PhonebookOutline />, route: 'device' },
  { key: 'esim', label: 'mine.esim', icon: <ScanCodeOutline />, route: 'esim' },
  { key: 'supsim', label: 'mine.supsim', icon: <TravelOutline />, route: 'supsim' },
  { key: 'qpe-customize', label: 'mine.qpe-customize', icon: <SetOutline />, route: 'qpe-customize' },
  { key: 'qpe-fetch', label: 'mine.qpe-fetch', icon: <SendOutline />, route: 'qpe-fetch' },
  { key: 'tutorial', label: 'mine.tutorial', icon: <FileOutline />, route: 'tutorial' },
  { key: 'esim-whitelist', label: 'mine.esim-whitelist', icon: <CheckShieldOutline />, route: 'esim-self-adder' },
  // Managing ECodes (the vouchers resellers buy and sell on) is a reseller's page.
  { key: 'ecode', label: 'mine.ecode', icon: <TagOutline />, route: 'ecode', reseller: true },
  { key: 'coupon', label: 'mine.coupon', icon: <CouponOutline />, route: 'coupon' },
  { key: 'store', label: 'mine.store', icon: <EnvironmentOutline />, route: 'store' },
  // Apply to sell on the platform (or see the application's status).
  { key: 'open-shop', label: 'mine.open-shop', icon: <ShopbagOutline />, route: 'shop-apply' },
  { key: 'blog', label: 'mine.blog', icon: <ContentOutline />, route: 'blog' },
  { key: 'tools', label: 'mine.tools', icon: <CalculatorOutline />, route: 'tools' },
  { key: 'esim-manage', label: 'mine.esim-manage', icon: <AppstoreOutline />, route: 'esim-manage', reseller: true },
  { key: 'api-keys', label: 'mine.api-keys', icon: <LinkOutline />, route: 'api-keys', reseller: true },
];

/** SPEC §2: address, personal information, bind or unbind tel, modify password, contact. */
const ACCOUNT: readonly Entry[] = [
  { key: 'address', label: 'mine.address', icon: <LocationOutline />, route: 'address' },
  { key: 'user-info', label: 'mine.user-info', icon: <UserContactOutline />, route: 'user-info' },
  { key: 'bind-tel', label: 'mine.bind-tel', icon: <PhonebookOutline />, route: 'bind-tel' },
  { key: 'modify-passwd', label: 'mine.modify-passwd', icon: <KeyOutline />, route: 'modify-passwd' },
  { key: 'my-data', label: 'mine.my-data', icon: <FolderOutline />, route: 'my-data' },
  { key: 'assistants', label: 'mine.assistants', icon: <LinkOutline />, route: 'assistants' },
  { key: 'contact', label: 'mine.contact', icon: <MessageOutline />, route: 'contact' },
];

function UserCard() {
  const { t } = useTranslation();
  const session = useSession();
  if (!session.loggedIn) {
    return (
      <button type="button" className="user-card" onClick={() => openPage('login')}>
        <span className="user-avatar">
          <UserOutline />
        </span>
        <span className="user-text">
          <span className="user-name">{t('mine.login-or-register')}</span>
          <span className="user-hint">{t('mine.login-hint')}</span>
        </span>
        <RightOutline className="user-arrow" />
      </button>
    );
  }
  return (
    <button type="button" className="user-card" onClick={() => openPage(paths['user-info'].path)}>
      <span className="user-avatar">
        <UserCircleOutline />
      </span>
      <span className="user-text">
        <span className="user-name">{session.nickname ? t('mine.greeting', { name: session.nickname }) : t('mine.member')}</span>
        <span className="user-role">{session.reseller ? t('mine.reseller') : t('mine.member')}</span>
      </span>
      <RightOutline className="user-arrow" />
    </button>
  );
}

/** Customers reach their conversation with the shop here; the badge counts the shop's unread answers. */
function MessagesEntry() {
  const { t } = useTranslation();
  const unread = useUnreadMessages(true);
  const count = unread.data?.unread ?? 0;
  return (
    <ListRow prefix={<MailOutline />} to={paths.messages.path} extra={count > 0 ? <Badge content={count > 99 ? '99+' : count} aria-label={t('messages.unread', { count })} /> : null}>
      {t('messages.entry')}
    </ListRow>
  );
}

/** Mine (SPEC §2): account header, my services, settings, sign in or out, version. */
export function MinePage() {
  const { t } = useTranslation();
  const session = useSession();
  const logout = useLogout(session.reseller);
  const switchRegular = useSwitchRegular();

  const signOut = async () => {
    // SPEC §4: "Logout asks for confirmation, then clears everything."
    const confirmed = await Dialog.confirm({
      title: t('logout.title'),
      content: t('logout.content'),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    // The server forgets the session too; if it already had, clearing here is all that is left.
    await logout.mutateAsync({}).catch(() => undefined);
    clearSession();
    toast.success(t('mine.signed-out'));
  };

  /** SPEC §4: a reseller can switch to a regular account after a confirm prompt. */
  const switchToRegular = async () => {
    if (!(await Dialog.confirm({ title: t('account.switch-regular.title'), content: t('account.switch-regular.confirm'), confirmText: t('common.confirm'), cancelText: t('common.cancel') }))) return;
    try {
      startSession(await switchRegular.mutateAsync({}));
      toast.success(t('account.switched'));
    } catch {
      // The toast says why.
    }
  };

  return (
    <div className="page page--mine">
      <BrandHeader title={t('route.mine')}>
        <UserCard />
      </BrandHeader>
      <main className="page-body mine-body">
        <section className="card">
          <h2 className="card-title">{t('mine.services')}</h2>
          <Grid columns={4} gap={8}>
            {SERVICES.filter((entry) => !entry.reseller || session.reseller).map((entry) => (
              <Grid.Item key={entry.key}>
                <button type="button" className="shortcut" onClick={() => openPage(paths[entry.route].path)}>
                  <span className="shortcut-icon">{entry.icon}</span>
                  <span className="shortcut-title">{t(entry.label)}</span>
                </button>
              </Grid.Item>
            ))}
          </Grid>
        </section>

        {session.reseller ? <ResellerBalances className="mine-balance" openTo={paths['esim-manage'].path} /> : null}

        <List className="card card--list" header={t('mine.settings')}>
          <LanguageSelector />
          <CurrencySelector />
          {ACCOUNT.map((entry) => (
            <ListRow key={entry.key} prefix={entry.icon} to={paths[entry.route].path}>
              {t(entry.label)}
            </ListRow>
          ))}
        </List>

        {session.loggedIn ? <NotificationSettings /> : null}

        <List className="card card--list">
          {session.loggedIn ? <MessagesEntry /> : null}
          {session.reseller ? (
            <ListRow prefix={<TeamOutline />} onClick={() => void switchToRegular()}>
              {t('account.switch-regular')}
            </ListRow>
          ) : session.resellerAccount ? null : (
            // A regular customer applies (or, when the account allows it, becomes one at once) there.
            <ListRow prefix={<TeamOutline />} to={paths['reseller-apply'].path}>
              {t('mine.become-reseller')}
            </ListRow>
          )}
          {session.loggedIn ? (
            <ListRow prefix={<LockOutline />} onClick={() => void signOut()}>
              {t('mine.sign-out')}
            </ListRow>
          ) : (
            // The sign-in page comes back here: opened by the shop's rules, the address is for a new tab.
            <ListRow
              prefix={<LockOutline />}
              to={paths.login.path}
              onClick={(event) => {
                event.preventDefault();
                openPage('login');
              }}
            >
              {t('mine.sign-in')}
            </ListRow>
          )}
        </List>

        <p className="version-label">{t('mine.version', { version: LIMITS.versionLabel })}</p>
      </main>
    </div>
  );
}
