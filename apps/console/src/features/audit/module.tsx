import { AuditOutlined } from '@ant-design/icons';
import type { ConsoleModule } from '@/lib/console-module';
import { withTexts } from '@/i18n/define-texts';
import { auditTexts } from './texts';
import { auditWordsTexts } from './words-texts';

export const auditModule: ConsoleModule = {
  id: 'audit',
  texts: withTexts(auditTexts, auditWordsTexts),
  routes: [{ path: 'audit', permission: 'audit.read', page: () => import('./pages/audit-page'), menu: { group: 'system', labelKey: 'audit.title', icon: <AuditOutlined />, order: 80 } }],
};
