import { DownOutlined, GlobalOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Dropdown, Flex, Layout, Menu, Spin, Tag, Typography, type MenuProps } from 'antd';
import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { KeyboardLayer } from '@/components/keyboard/keyboard-layer';
import { useLogout } from '@/features/auth/api/logout';
import { setLanguage, type ConsoleLanguage } from '@/i18n';
import { MENU_GROUPS } from '@/lib/console-module';
import { useMe, useRouteAllowed } from '@/lib/staff-session';
import { consoleModules } from './modules';

const GROUPS = MENU_GROUPS;
const ROUTES = consoleModules.flatMap((m) => m.routes);

/** The menu: every list page the member's role may open, grouped as the shop is run. */
function useMenuItems(): MenuProps['items'] {
  const { t } = useTranslation();
  const allowed = useRouteAllowed();
  return useMemo(() => {
    const entries = consoleModules.flatMap((m) => m.routes).filter((r) => r.menu && allowed(r));
    return GROUPS.flatMap((group): NonNullable<MenuProps['items']> => {
      const items = entries
        .filter((r) => r.menu!.group === group)
        .sort((a, b) => a.menu!.order - b.menu!.order)
        .map((r) => ({ key: `/${r.path}`, icon: r.menu!.icon, label: t(r.menu!.labelKey) }));
      if (items.length === 0) return [];
      return group === 'dashboard' ? items : [{ type: 'group' as const, key: group, label: t(`console.menu.${group}`), children: items }];
    });
  }, [t, allowed]);
}

export function ConsoleLayout() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const me = useMe().data;
  const logout = useLogout();
  const items = useMenuItems();
  const selected = '/' + (location.pathname.split('/')[1] ?? '');

  const userMenu: MenuProps['items'] = [
    { key: 'account', icon: <UserOutlined />, label: t('console.account'), onClick: () => navigate('/account') },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('console.sign-out'), onClick: () => logout.mutate() },
  ];

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={224} theme="dark" breakpoint="lg" collapsedWidth={64} style={{ position: 'sticky', top: 0, height: '100vh', overflow: 'auto' }}>
        <Flex align="center" gap={10} style={{ height: 64, padding: '0 20px' }}>
          <img src="/console/favicon.svg" width={28} height={28} alt="" />
          <Typography.Text strong style={{ color: '#fff', fontSize: 16, whiteSpace: 'nowrap' }}>
            {t('console.title')}
          </Typography.Text>
        </Flex>
        <nav aria-label={t('console.title')}>
          <Menu theme="dark" mode="inline" selectedKeys={[selected]} items={items} onClick={({ key }) => navigate(key)} />
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header style={{ background: '#fff', padding: '0 24px', borderBottom: '1px solid #f0f0f0', position: 'sticky', top: 0, zIndex: 10 }}>
          <Flex justify="flex-end" align="center" gap={12} style={{ height: '100%' }}>
            <KeyboardLayer routes={ROUTES} />
            {/* Opened by a click, not a hover: Enter on the button and a tap reach it too. */}
            <Dropdown
              trigger={['click']}
              menu={{
                selectedKeys: [i18n.language],
                items: [
                  { key: 'zh-Hans', label: '简体中文' },
                  { key: 'en', label: 'English' },
                ],
                onClick: ({ key }) => setLanguage(key as ConsoleLanguage),
              }}
            >
              <Button type="text" icon={<GlobalOutlined />} aria-label={`${t('console.language')} ${i18n.language === 'zh-Hans' ? '中文' : 'EN'}`}>
                {i18n.language === 'zh-Hans' ? '中文' : 'EN'}
              </Button>
            </Dropdown>
            {me ? (
              <Dropdown trigger={['click']} menu={{ items: userMenu }}>
                <Button type="text">
                  <UserOutlined /> {me.name} <Tag style={{ marginInline: 4 }}>{t(`console.role.${me.role}`)}</Tag> <DownOutlined />
                </Button>
              </Dropdown>
            ) : null}
          </Flex>
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>
          <main>
            <Suspense
              fallback={
                <Flex justify="center" style={{ padding: 64 }}>
                  <Spin />
                </Flex>
              }
            >
              <Outlet />
            </Suspense>
          </main>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
