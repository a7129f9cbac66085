import { UserOutlined } from '@ant-design/icons';
import type { ConsoleModule } from '@/lib/console-module';
import { customersTexts } from './texts';

export const customersModule: ConsoleModule = {
  id: 'customers',
  texts: customersTexts,
  routes: [
    { path: 'customers', permission: 'customers.read', page: () => import('./pages/customers-page'), menu: { group: 'customers', labelKey: 'customers.title', icon: <UserOutlined />, order: 10 } },
    { path: 'customers/:id', permission: 'customers.read', page: () => import('./pages/customer-page') },
  ],
};
