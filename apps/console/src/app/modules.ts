import type { ConsoleModule } from '@/lib/console-module';
import { auditModule } from '@/features/audit/module';
import { authModule } from '@/features/auth/module';
import { staffModule } from '@/features/staff/module';

/**
 * Every feature of the console, in one list: the router, the menu and the texts come from here.
 * Adding a screen is a folder under features/ and one line below.
 */
export const consoleModules: readonly ConsoleModule[] = [authModule, staffModule, auditModule];
