import { handle } from '../../http/handlers.ts';
import { languageOf } from '../../lib/i18n.ts';
import { listStores, storeDetail } from './store.service.ts';

export const storeHandlers = [
  handle('store', 'list', (ctx, input) => listStores(ctx.db, input, languageOf(input.i18n))),
  handle('store', 'detail', (ctx, input) => storeDetail(ctx.db, input.id, languageOf(input.i18n))),
];
