import { TeamOutlined } from '@ant-design/icons';
import type { ConsoleModule } from '@/lib/console-module';
import { staffTexts } from './texts';

export const staffModule: ConsoleModule = {
  id: 'staff',
  texts: staffTexts,
  routes: [{ path: 'staff', permission: 'staff.manage', page: () => import('./pages/staff-page'), menu: { group: 'system', labelKey: 'staff.title', icon: <TeamOutlined />, order: 90 } }],
};
