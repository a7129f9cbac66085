import { RollbackOutlined, SettingOutlined } from '@ant-design/icons';
import type { ConsoleModule } from '@/lib/console-module';
import { settingsTexts } from './texts';

export const settingsModule: ConsoleModule = {
  id: 'settings',
  texts: settingsTexts,
  routes: [
    { path: 'settings/contact', permission: 'settings.manage', page: () => import('./pages/contact-settings-page'), menu: { group: 'system', labelKey: 'settings.contact.title', icon: <SettingOutlined />, order: 80 } },
    { path: 'settings/refunds', permission: 'settings.manage', page: () => import('./pages/refund-settings-page'), menu: { group: 'system', labelKey: 'settings.refunds.title', icon: <RollbackOutlined />, order: 81 } },
  ],
};
