import { SolutionOutlined } from '@ant-design/icons';
import type { ConsoleModule } from '@/lib/console-module';
import { resellerApplicationsTexts } from './texts';

/** Applications to become a reseller: staff who manage customers decide them (customers.write). */
export const resellerApplicationsModule: ConsoleModule = {
  id: 'reseller-applications',
  texts: resellerApplicationsTexts,
  routes: [
    { path: 'reseller-applications', permission: 'customers.write', page: () => import('./pages/applications-page'), menu: { group: 'customers', labelKey: 'reseller-applications.title', icon: <SolutionOutlined />, order: 15 } },
    { path: 'reseller-applications/:id', permission: 'customers.write', page: () => import('./pages/application-page') },
  ],
};
