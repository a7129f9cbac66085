import { AuditOutlined } from '@ant-design/icons';
import type { ConsoleModule } from '@/lib/console-module';
import { auditTexts } from './texts';

export const auditModule: ConsoleModule = {
  id: 'audit',
  texts: auditTexts,
  routes: [{ path: 'audit', permission: 'audit.read', page: () => import('./pages/audit-page'), menu: { group: 'system', labelKey: 'audit.title', icon: <AuditOutlined />, order: 80 } }],
};
