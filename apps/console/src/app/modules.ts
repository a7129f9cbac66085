import type { ConsoleModule } from '@/lib/console-module';
import { auditModule } from '@/features/audit/module';
import { catalogueModule } from '@/features/catalogue/module';
import { inventoryModule } from '@/features/inventory/module';
import { labelsModule } from '@/features/labels/module';
import { commentsModule } from '@/features/comments/module';
import { customersModule } from '@/features/customers/module';
import { messagesModule } from '@/features/messages/module';
import { authModule } from '@/features/auth/module';
import { dashboardModule } from '@/features/dashboard/module';
import { ordersModule } from '@/features/orders/module';
import { couponsModule } from '@/features/coupons/module';
import { staffModule } from '@/features/staff/module';
import { contentModule } from '@/features/content/module';
import { mediaModule } from '@/features/media/module';
import { articlesModule } from '@/features/articles/module';
import { blogModule } from '@/features/blog/module';
import { storesModule } from '@/features/stores/module';
import { paymentsModule } from '@/features/payments/module';
import { jobsModule } from '@/features/jobs/module';
import { settingsModule } from '@/features/settings/module';
import { toolsModule } from '@/features/tools/module';
import { settlementModule } from '@/features/settlement/module';
import { reportsModule } from '@/features/reports/module';
import { merchantsModule } from '@/features/merchants/module';
import { resellerApplicationsModule } from '@/features/reseller-applications/module';

/**
 * Every feature of the console, in one list: the router, the menu and the texts come from here.
 * Adding a screen is a folder under features/ and one line below.
 */
export const consoleModules: readonly ConsoleModule[] = [authModule, dashboardModule, ordersModule, couponsModule, catalogueModule, labelsModule, inventoryModule, customersModule, resellerApplicationsModule, messagesModule, commentsModule, contentModule, mediaModule, articlesModule, blogModule, storesModule, paymentsModule, merchantsModule, settlementModule, reportsModule, jobsModule, settingsModule, toolsModule, staffModule, auditModule];
