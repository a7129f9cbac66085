import { ThunderboltOutlined } from '@ant-design/icons';
import type { ConsoleModule } from '@/lib/console-module';
import { jobsTexts } from './texts';

export const jobsModule: ConsoleModule = {
  id: 'jobs',
  texts: jobsTexts,
  routes: [{ path: 'jobs', permission: 'jobs.read', page: () => import('./pages/jobs-page'), menu: { group: 'system', labelKey: 'jobs.title', icon: <ThunderboltOutlined />, order: 80 } }],
};
