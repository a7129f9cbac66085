import { formatMoney } from '@simshop/contract';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The built-in hosted payment page: what a card provider's page is to a real shop, for demos and tests. */
export function renderSandboxPage(p: { paymentId: string; orderNo: string; amount: number; currency: string; status: string; zh: boolean; approveSig: string; declineSig: string }): string {
  const t = p.zh
    ? { title: '沙盒支付', lead: '这是演示用的支付页面，不会扣款。', order: '订单号', amount: '金额', approve: '确认支付', decline: '拒绝支付', done: '该支付已处理。' }
    : { title: 'Sandbox payment', lead: 'A demo payment page: no money moves.', order: 'Order', amount: 'Amount', approve: 'Approve payment', decline: 'Decline payment', done: 'This payment has been processed.' };
  const action = `/fetch/pay/sandbox/${encodeURIComponent(p.paymentId)}`;
  const form = (outcome: 'approve' | 'decline', sig: string, label: string, primary: boolean) =>
    `<form method="post" action="${action}"><input type="hidden" name="outcome" value="${outcome}"><input type="hidden" name="sig" value="${sig}"><button class="${primary ? 'primary' : ''}" type="submit">${label}</button></form>`;
  return `<!doctype html><html lang="${p.zh ? 'zh-Hans' : 'en'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${t.title}</title>
<style>body{font-family:system-ui,sans-serif;background:#f5f5f5;margin:0;padding:24px}main{max-width:420px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 1px 4px #0001}h1{font-size:20px;margin:0 0 8px}p{color:#666}dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px}dt{color:#888}dd{margin:0;font-weight:600}button{width:100%;padding:14px;margin-top:12px;border-radius:8px;border:1px solid #ccc;background:#fff;font-size:16px}button.primary{background:#f5b800;border-color:#f5b800;color:#222;font-weight:700}</style></head>
<body><main><h1>${t.title}</h1><p>${t.lead}</p><dl><dt>${t.order}</dt><dd>${escape(p.orderNo)}</dd><dt>${t.amount}</dt><dd>${escape(formatMoney(p.amount, p.currency as 'USD'))}</dd></dl>
${p.status === 'pending' ? form('approve', p.approveSig, t.approve, true) + form('decline', p.declineSig, t.decline, false) : `<p>${t.done}</p>`}</main></body></html>`;
}
