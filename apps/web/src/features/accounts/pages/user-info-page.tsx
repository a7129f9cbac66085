import { Avatar, Button, List } from 'antd-mobile';
import { useTranslation } from '@/i18n';
import { roleLabelKey } from '@simshop/contract';
import { PageLayout } from '@/components/page-layout';
import { QueryState } from '@/components/page-states';
import { paths } from '@/config/paths';
import { openPage } from '@/lib/open-page';
import { useUserInfo } from '../api/get-user-info';
import { ListRow } from '@/components/list-row';

/** SPEC §3 Userinfo: avatar, nickname, name, tel, email, role. */
export function UserInfoPage() {
  const { t } = useTranslation();
  const info = useUserInfo();
  return (
    <PageLayout title={t('route.user-info')} right={info.data ? <Button size="mini" fill="none" onClick={() => openPage(paths['user-info-edit'].path)}>{t('account.edit')}</Button> : undefined}>
      <QueryState query={info}>
        {(u) => (
          <List className="card card--list">
            <List.Item extra={<Avatar src={u.avatar ?? ''} style={{ '--size': '40px', '--border-radius': '50%' }} />}>{t('account.avatar')}</List.Item>
            <List.Item extra={<span className="user-info-nickname">{u.nickname}</span>}>{t('account.nickname').replace(/（.*）|\s*\(.*\)/, '')}</List.Item>
            <List.Item extra={u.name || t('account.name.none')}>{t('account.name')}</List.Item>
            <ListRow extra={u.tel ?? t('account.tel.none')} to={paths['bind-tel'].path}>{t('account.tel')}</ListRow>
            <ListRow extra={u.email ?? t('account.email.none')} to={paths['bind-email'].path}>{t('account.email')}</ListRow>
            <List.Item extra={t(roleLabelKey(u.role as never))}>{t('account.role')}</List.Item>
          </List>
        )}
      </QueryState>
    </PageLayout>
  );
}
