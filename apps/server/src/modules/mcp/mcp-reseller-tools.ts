import { currencyForLanguage, ecodeStatusLabelKey, enumTexts, isResellerRole, serverErrors, type balanceInput, type Language, type McpToolName, type myEcodesInput, type wholesaleCatalogueInput } from '@simshop/contract';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { userById } from '../accounts/account.service.ts';
import { listBalances } from '../balance/balance.service.ts';
import { listProducts, productDetail } from '../catalogue/catalogue.service.ts';
import { listEcodes } from '../ecode/ecode.service.ts';
import type { CustomerToolContext } from './mcp-customer-tools.ts';
import { pickText } from './mcp-customer-texts.ts';
import type { ToolAnswer } from './mcp-public-tools.ts';
import { refusalOf } from './mcp-refusals.ts';
import { moneyText } from './mcp-texts.ts';

/**
 * The reseller tools (read-only): the wholesale catalogue, the balances and the ECodes of a
 * reseller who approved the assistant, through the same services as the shop's reseller pages.
 * A customer who is not a reseller is refused. Buying ECodes is preview_purchase + confirm_purchase.
 */
const PAGE_SIZE = 10;

async function asReseller(ctx: CustomerToolContext, lang: Language, work: () => Promise<ToolAnswer>): Promise<ToolAnswer> {
  if (!isResellerRole((await userById(ctx.db, ctx.customer.userId))?.role)) return refusalOf(new AppError(serverErrors.mcpResellerOnly), lang)!;
  return work();
}

async function wholesaleCatalogue(ctx: CustomerToolContext, input: z.output<typeof wholesaleCatalogueInput>): Promise<ToolAnswer> {
  const lang = input.language;
  return asReseller(ctx, lang, async () => {
    const currency = input.currency ?? currencyForLanguage(lang);
    const list = await listProducts(ctx.db, { page: input.page, size: PAGE_SIZE, kind: input.kind }, lang, true, currency);
    const details = await Promise.all(list.items.map((p) => productDetail(ctx.db, p.id, lang, true, currency)));
    const products = details.map((d) => ({
      productId: d.id,
      kind: d.kind,
      name: d.name,
      currency: d.currency,
      wholesaleMinQty: d.wholesaleMinQty,
      skus: d.skus.map((s) => ({ skuId: s.id, option: s.options.join(' '), price: s.price, wholesalePrice: s.wholesalePrice, soldOut: s.soldOut })),
    }));
    const lines = products.flatMap((p) =>
      p.skus.map((s) => {
        const name = [p.name, s.option].filter(Boolean).join(' ');
        const wholesale = s.wholesalePrice === null ? '' : pickText(lang, { en: `, wholesale ${moneyText(s.wholesalePrice, p.currency, lang)}${p.wholesaleMinQty ? ` from ${p.wholesaleMinQty}` : ''}`, zh: `，批发价 ${moneyText(s.wholesalePrice, p.currency, lang)}${p.wholesaleMinQty ? `（${p.wholesaleMinQty} 件起）` : ''}` });
        const sold = s.soldOut ? pickText(lang, { en: ' (sold out)', zh: '（已售罄）' }) : '';
        return pickText(lang, { en: `- SKU ${s.skuId} ${name}: ${moneyText(s.price, p.currency, lang)}${wholesale}${sold}`, zh: `- SKU ${s.skuId} ${name}：${moneyText(s.price, p.currency, lang)}${wholesale}${sold}` });
      }),
    );
    const head = products.length
      ? pickText(lang, { en: `Wholesale catalogue, page ${input.page} (${products.length} of ${list.total} products):`, zh: `批发目录第 ${input.page} 页（共 ${list.total} 个商品，列出 ${products.length} 个）：` })
      : pickText(lang, { en: 'No products on this page.', zh: '此页没有商品。' });
    return { text: [head, ...lines].join('\n'), structured: { products, total: list.total, page: input.page } };
  });
}

async function balance(ctx: CustomerToolContext, input: z.output<typeof balanceInput>): Promise<ToolAnswer> {
  const lang = input.language;
  return asReseller(ctx, lang, async () => {
    const { items } = await listBalances(ctx.db, ctx.customer.userId);
    const balances = items.map((b) => ({ ...b, amountText: moneyText(b.amount, b.currency, lang) }));
    const text = balances.length
      ? [pickText(lang, { en: 'Your balances:', zh: '您的余额：' }), ...balances.map((b) => `- ${b.amountText}${b.locked ? pickText(lang, { en: ' (locked: it pays nothing until the shop unlocks it)', zh: '（已锁定：本店解锁前无法支付）' }) : ''}`)].join('\n')
      : pickText(lang, { en: 'You have no balance yet: top it up in Mine → Balance.', zh: '您还没有余额：请在“我的 → 余额”中充值。' });
    return { text, structured: { balances } };
  });
}

async function myEcodes(ctx: CustomerToolContext, input: z.output<typeof myEcodesInput>): Promise<ToolAnswer> {
  const lang = input.language;
  return asReseller(ctx, lang, async () => {
    const list = await listEcodes(ctx.db, ctx.customer.userId, { page: 1, size: input.limit, status: input.status }, lang);
    const ecodes = list.items.map((e) => ({ code: e.code, status: e.status, productName: e.productName, orderNo: e.orderNo, createdAt: e.createdAt }));
    const status = (s: (typeof ecodes)[number]['status']) => enumTexts[lang][ecodeStatusLabelKey(s)] ?? s;
    const text = ecodes.length
      ? [
          pickText(lang, { en: `Your newest ECodes (${ecodes.length} of ${list.total}):`, zh: `您最新的 ECode（共 ${list.total} 个，列出 ${ecodes.length} 个）：` }),
          ...ecodes.map((e) => pickText(lang, { en: `- ${e.code}: ${e.productName}, ${status(e.status)}${e.orderNo ? `, order ${e.orderNo}` : ''}`, zh: `- ${e.code}：${e.productName}，${status(e.status)}${e.orderNo ? `，订单 ${e.orderNo}` : ''}` })),
        ].join('\n')
      : pickText(lang, { en: 'You have no ECodes.', zh: '您没有 ECode。' });
    return { text, structured: { ecodes, total: list.total } };
  });
}

export const RESELLER_TOOL_RUNS: Partial<Record<McpToolName, (ctx: CustomerToolContext, input: never) => Promise<ToolAnswer>>> = {
  wholesale_catalogue: wholesaleCatalogue,
  balance,
  my_ecodes: myEcodes,
};
