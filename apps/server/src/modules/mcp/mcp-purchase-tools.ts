import type { confirmPurchaseInput, Language, McpToolName, previewPurchaseInput } from '@simshop/contract';
import type { z } from 'zod';
import type { CustomerToolContext } from './mcp-customer-tools.ts';
import { pickText } from './mcp-customer-texts.ts';
import type { ToolAnswer } from './mcp-public-tools.ts';
import { confirmPurchase, previewPurchase, type ConfirmAnswer, type PreviewAnswer } from './mcp-purchase.service.ts';
import { refusing } from './mcp-refusals.ts';
import { moneyText } from './mcp-texts.ts';

/**
 * The buying tools' work (preview, then confirm) and what they say: every amount with its
 * currency spelled out, the next step named. A refusal of the shop's catalogue (price moved,
 * daily amount, balance, stock) is a tool error in the asked language with its code.
 */

export function previewText(p: PreviewAnswer, lang: Language): string {
  const money = (minor: number) => moneyText(minor, p.currency, lang);
  const what =
    p.esimId === null
      ? pickText(lang, {
          en: `Preview (nothing bought yet): ${p.quantity} × ${p.name} at ${money(p.unitPrice)} each, total ${money(p.total)}, paid from the balance.`,
          zh: `预览（尚未购买）：${p.name} × ${p.quantity}，单价 ${money(p.unitPrice)}，合计 ${money(p.total)}，从余额支付。`,
        })
      : pickText(lang, {
          en: `Preview (nothing bought yet): top-up ${p.name} for eSIM #${p.esimId}, total ${money(p.total)}, paid from the balance.`,
          zh: `预览（尚未购买）：为 eSIM #${p.esimId} 加购流量 ${p.name}，合计 ${money(p.total)}，从余额支付。`,
        });
  const balance =
    p.balanceBefore === null
      ? pickText(lang, { en: `There is no balance in ${p.currency}: it cannot be paid.`, zh: `没有 ${p.currency} 余额，无法支付。` })
      : pickText(lang, { en: `Balance ${money(p.balanceBefore)} now, ${money(p.balanceAfter!)} after.`, zh: `当前余额 ${money(p.balanceBefore)}，支付后 ${money(p.balanceAfter!)}。` });
  const day = moneyText(p.dailyAmount, p.currency, lang);
  const limit = pickText(lang, { en: `Daily amount allowed: ${day}, ${money(p.spentToday)} spent today.`, zh: `每日额度：${day}，今天已花费 ${money(p.spentToday)}。` });
  const next = p.payable
    ? pickText(lang, { en: `Ask the customer; once they agree, call confirm_purchase with previewToken "${p.previewToken}" (valid 15 minutes).`, zh: `请先询问顾客；顾客同意后，用 previewToken "${p.previewToken}" 调用 confirm_purchase（15 分钟内有效）。` })
    : pickText(lang, { en: 'It cannot be confirmed now: too little balance or over the daily amount.', zh: '目前无法确认：余额不足或超出每日额度。' });
  return [what, balance, limit, next].join('\n');
}

export function confirmText(c: ConfirmAnswer, lang: Language): string {
  const total = moneyText(c.total, c.currency, lang);
  const balance = c.balanceAfter === null ? '' : pickText(lang, { en: ` Balance now ${moneyText(c.balanceAfter, c.currency, lang)}.`, zh: `当前余额 ${moneyText(c.balanceAfter, c.currency, lang)}。` });
  return c.alreadyConfirmed
    ? pickText(lang, { en: `This preview was already confirmed: order ${c.orderNo}, ${total}. Nothing new was bought.${balance}`, zh: `此预览已确认过：订单 ${c.orderNo}，${total}。未重复购买。${balance}` })
    : pickText(lang, { en: `Bought: order ${c.orderNo}, ${total} paid from the balance.${balance} See it with my_orders; a new eSIM appears in my_esims.`, zh: `已购买：订单 ${c.orderNo}，已从余额支付 ${total}。${balance}可用 my_orders 查看；新的 eSIM 会出现在 my_esims 中。` });
}

async function preview(ctx: CustomerToolContext, input: z.output<typeof previewPurchaseInput>): Promise<ToolAnswer> {
  return refusing(input.language, async () => {
    const p = await previewPurchase(ctx.db, ctx.carrier, ctx.customer, input, input.language, ctx.now);
    return { text: previewText(p, input.language), structured: { ...p, totalText: moneyText(p.total, p.currency, input.language), paidFrom: 'balance' } };
  });
}

async function confirm(ctx: CustomerToolContext, input: z.output<typeof confirmPurchaseInput>): Promise<ToolAnswer> {
  return refusing(input.language, async () => {
    const c = await confirmPurchase(ctx.db, ctx.carrier, ctx.customer, input.previewToken, input.language, ctx.now);
    return { text: confirmText(c, input.language), structured: { ...c, totalText: moneyText(c.total, c.currency, input.language) } };
  });
}

export const PURCHASE_TOOL_RUNS: Partial<Record<McpToolName, (ctx: CustomerToolContext, input: never) => Promise<ToolAnswer>>> = {
  preview_purchase: preview,
  confirm_purchase: confirm,
};
