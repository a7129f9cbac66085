import type { Page } from '@playwright/test';

/** Whether a list's table is wider than the room it has (it would scroll sideways). */
export const overflows = (page: Page) => page.locator('.ant-table-content, .ant-table-body').first().evaluate((el) => el.scrollWidth > el.clientWidth + 1);
