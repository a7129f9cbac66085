import { AccountBookOutlined } from '@ant-design/icons';
import type { ConsoleModule } from '@/lib/console-module';
import { settlementTexts } from './texts';

/** Per merchant and period, what the platform owes each merchant; settling locks a period. */
export const settlementModule: ConsoleModule = {
  id: 'settlement',
  texts: settlementTexts,
  routes: [{ path: 'settlement', permission: 'payments.read', merchants: true, page: () => import('./pages/settlement-page'), menu: { group: 'sales', labelKey: 'settlement.title', icon: <AccountBookOutlined />, order: 45 } }],
};
