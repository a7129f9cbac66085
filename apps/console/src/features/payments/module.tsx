import { DollarOutlined } from '@ant-design/icons';
import type { ConsoleModule } from '@/lib/console-module';
import { paymentsTexts } from './texts';

export const paymentsModule: ConsoleModule = {
  id: 'payments',
  texts: paymentsTexts,
  routes: [{ path: 'payments', permission: 'payments.read', page: () => import('./pages/payments-page'), menu: { group: 'sales', labelKey: 'payments.title', icon: <DollarOutlined />, order: 40 } }],
};
