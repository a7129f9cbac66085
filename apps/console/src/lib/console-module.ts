import type { Permission } from '@simshop/contract';
import type { ComponentType, ReactNode } from 'react';
import type { Texts } from '@/i18n';

/**
 * How a feature plugs into the console: its texts and its routes, each with the permission it
 * needs (the server checks the same permission on every call; hiding is only for comfort) and,
 * for list pages, its place in the menu.
 */
export type MenuGroup = 'dashboard' | 'sales' | 'catalogue' | 'customers' | 'content' | 'system';
/** The menu's groups in the order it shows them. */
export const MENU_GROUPS: readonly MenuGroup[] = ['dashboard', 'sales', 'catalogue', 'customers', 'content', 'system'];

export interface ConsoleRoute {
  /** Below /console/, e.g. `orders` or `orders/:orderNo`; '' is the dashboard. */
  path: string;
  permission: Permission | null;
  page: () => Promise<{ default: ComponentType }>;
  menu?: { group: MenuGroup; labelKey: string; icon: ReactNode; order: number };
  /**
   * Whether a merchant's staff member may open it (their own merchant's data only; the
   * server's scope table is the guard). Absent: platform staff only.
   */
  merchants?: boolean;
}

export interface ConsoleModule {
  id: string;
  texts: Texts;
  routes: ConsoleRoute[];
}
