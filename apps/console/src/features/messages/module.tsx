import { MessageOutlined } from '@ant-design/icons';
import type { ConsoleModule } from '@/lib/console-module';
import { messagesTexts } from './texts';

export const messagesModule: ConsoleModule = {
  id: 'messages',
  texts: messagesTexts,
  routes: [{ path: 'messages', permission: 'messages.read', page: () => import('./pages/messages-page'), menu: { group: 'customers', labelKey: 'messages.title', icon: <MessageOutlined />, order: 20 } }],
};
