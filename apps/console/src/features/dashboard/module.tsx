import { DashboardOutlined } from '@ant-design/icons';
import type { ConsoleModule } from '@/lib/console-module';
import { dashboardTexts } from './texts';

export const dashboardModule: ConsoleModule = {
  id: 'dashboard',
  texts: dashboardTexts,
  routes: [{ path: '', permission: 'dashboard.read', page: () => import('./pages/dashboard-page'), menu: { group: 'dashboard', labelKey: 'dashboard.title', icon: <DashboardOutlined />, order: 0 } }],
};
