import type { ConsoleModule } from '@/lib/console-module';
import { authTexts } from './texts';

/** The sign-in page is routed by the app itself (outside the frame); this is "my account". */
export const authModule: ConsoleModule = {
  id: 'auth',
  texts: authTexts,
  routes: [{ merchants: true, path: 'account', permission: null, page: () => import('./pages/account-page') }],
};
