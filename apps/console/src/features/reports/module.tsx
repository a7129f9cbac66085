import { BarChartOutlined } from '@ant-design/icons';
import type { ConsoleModule } from '@/lib/console-module';
import { reportsTexts } from './texts';

/** Sales, refunds and eSIM reports per period and currency, with charts and exports. */
export const reportsModule: ConsoleModule = {
  id: 'reports',
  texts: reportsTexts,
  routes: [{ path: 'reports', permission: 'dashboard.read', page: () => import('./pages/reports-page'), menu: { group: 'sales', labelKey: 'reports.title', icon: <BarChartOutlined />, order: 15 } }],
};
