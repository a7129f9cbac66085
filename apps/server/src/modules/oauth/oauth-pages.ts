import { MCP_DAILY_AMOUNT_MAX, MCP_SCOPE_TEXTS, McpScope, normalizeLanguage, type Currency, type Language, type PowChallenge } from '@simshop/contract';

/**
 * The authorization server's own pages, drawn on the server as plain HTML (no script): the
 * customer's sign-in, the consent with the assistant's name and what it asks for in words, and
 * the error page. Mobile-first, both languages (the `lang` query, else the browser's), each
 * control a native form control so a keyboard and a screen reader work as anywhere. Forms post
 * back to the same interaction; oidc-provider's interaction cookie (same-site) ties it to the
 * browser that started it, so another site cannot post them.
 */
type Texts = { en: string; zh: string };
const t = (lang: Language, texts: Texts) => (lang === 'zh-Hans' ? texts.zh : texts.en);

const TEXTS = {
  shop: { en: 'SimShop', zh: 'SimShop' },
  signInTitle: { en: 'Sign in to SimShop', zh: '登录 SimShop' },
  signInLead: { en: 'wants to use your SimShop account. Sign in to see what it asks for.', zh: '请求使用您的 SimShop 账号。登录后可查看它请求的权限。' },
  account: { en: 'Email or phone number', zh: '邮箱或手机号' },
  password: { en: 'Password', zh: '密码' },
  signIn: { en: 'Sign in', zh: '登录' },
  cancel: { en: 'Cancel', zh: '取消' },
  consentTitle: { en: 'Allow this assistant?', zh: '是否授权此助手？' },
  consentLead: { en: 'asks to:', zh: '请求：' },
  signedInAs: { en: 'Signed in as', zh: '当前登录账号：' },
  consentNote: { en: 'It acts only for you and only within these permissions. You can revoke it at any time in Mine → Connected assistants.', zh: '它只代表您、只在这些权限内操作。您可随时在“我的 → 已连接的助手”中撤销授权。' },
  allow: { en: 'Allow', zh: '允许' },
  refuse: { en: 'Refuse', zh: '拒绝' },
  otherLanguage: { en: '中文', zh: 'English' },
  errorTitle: { en: 'The assistant\'s request could not be completed', zh: '无法完成助手的请求' },
  errorLead: { en: 'Go back to the assistant and start again. If it happens again, tell the assistant\'s maker what is written below.', zh: '请返回助手重新开始。如果再次出现，请把下方信息告诉助手的开发者。' },
  wrongPassword: { en: 'The account or password is incorrect.', zh: '账号或密码错误。' },
  codeLead: { en: 'No password? We send a 6-digit sign-in code to this email or phone.', zh: '没有密码？我们会向此邮箱或手机号发送 6 位登录验证码。' },
  sendCode: { en: 'Send me a code', zh: '发送验证码' },
  codeWorking: { en: 'Preparing your code…', zh: '正在准备验证码…' },
  codeTitle: { en: 'Enter your sign-in code', zh: '输入登录验证码' },
  codeSent: { en: 'If an account uses {{account}}, a 6-digit code is on its way to it. It works once, for a few minutes.', zh: '如果有账号使用 {{account}}，6 位验证码已发送至该地址。验证码仅可使用一次，几分钟内有效。' },
  code: { en: 'Sign-in code', zh: '登录验证码' },
  otherWay: { en: 'Use your password instead', zh: '改用密码登录' },
  wrongCode: { en: 'The code is incorrect or has expired: check it, or go back and ask for a new one.', zh: '验证码错误或已过期：请核对，或返回重新获取。' },
  proofFailed: { en: 'Sending a code needs this page\'s check to run in your browser: try again, or sign in with your password.', zh: '发送验证码需要在浏览器中完成本页的校验：请重试，或使用密码登录。' },
  badAccount: { en: 'Enter the email address or phone number of your account.', zh: '请输入您账号的邮箱或手机号。' },
  staffSignInTitle: { en: 'Sign in with your console account', zh: '使用后台账号登录' },
  staffSignInLead: { en: 'wants to act for you in the SimShop console. Sign in with your staff account to see what it asks for.', zh: '请求代表您在 SimShop 后台操作。请使用员工账号登录，查看它请求的权限。' },
  staffAccount: { en: 'Staff email', zh: '员工邮箱' },
  totp: { en: 'Authenticator code (if your account has two-step sign-in)', zh: '身份验证器验证码（如您的账号已开启两步验证）' },
  staffWrong: { en: 'The email, password or authenticator code is incorrect.', zh: '邮箱、密码或身份验证器验证码错误。' },
  changePassword: { en: 'Your account still has a one-time password: change it in the console first.', zh: '您的账号仍在使用一次性密码：请先在后台修改密码。' },
  staffConsentNote: { en: 'It acts only as you and only within these permissions and your console role; each of its changes is in the audit log with its name.', zh: '它只以您的身份、只在这些权限和您的后台角色范围内操作；它的每次修改都会连同其名称记入审计日志。' },
  tooMany: { en: 'Too many attempts: wait a few minutes and try again.', zh: '尝试次数过多：请几分钟后再试。' },
  unusable: { en: 'This account cannot be used to sign in. Contact the shop.', zh: '此账号无法登录，请联系本店。' },
  dailyAmount: { en: 'Buy up to, per day', zh: '每天最多购买' },
  currency: { en: 'Currency', zh: '币种' },
  dailyAmountHint: { en: 'The assistant shows you a preview with the price before every purchase. Purchases are paid from your balance in this currency.', zh: '每次购买前，助手都会先向您展示含价格的预览。购买从您此币种的余额中支付。' },
  dailyAmountInvalid: { en: `Enter an amount a day between 1 and ${MCP_DAILY_AMOUNT_MAX}.`, zh: `请输入 1 至 ${MCP_DAILY_AMOUNT_MAX} 之间的每日金额。` },
  usd: { en: 'US dollars (USD)', zh: '美元（USD）' },
  cny: { en: 'Chinese yuan (CNY)', zh: '人民币（CNY）' },
} satisfies Record<string, Texts>;

export type SignInProblem = 'wrongPassword' | 'tooMany' | 'unusable' | 'staffWrong' | 'changePassword' | 'proofFailed' | 'badAccount';
export type CodeProblem = 'wrongCode' | 'tooMany' | 'unusable';
/** Who signs in on the page: a customer (or reseller), or a staff member with their console account (the scopes asked decide). */
export type SignInKind = 'customer' | 'staff';

const esc = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The page's language: `lang` in the query wins over the browser's. */
export function pageLanguage(query: unknown, acceptLanguage: string | undefined): Language {
  const asked = query && typeof query === 'object' && 'lang' in query && typeof query.lang === 'string' ? query.lang : undefined;
  return normalizeLanguage(asked ?? acceptLanguage);
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;color:#1f2328;background:#f5f6f8}
main{max-width:28rem;margin:0 auto;padding:1.5rem 1rem}
.card{background:#fff;border-radius:12px;padding:1.25rem;box-shadow:0 1px 3px rgba(0,0,0,.08)}
h1{font-size:1.35rem;margin:0 0 .75rem}
.brand{font-weight:700;color:#0b57d0;margin:0 0 1rem}
label{display:block;font-weight:600;margin:1rem 0 .25rem}
input{width:100%;font:inherit;padding:.7rem .75rem;border:1px solid #8c959f;border-radius:8px}
button{font:inherit;font-weight:600;min-height:44px;padding:.6rem 1.2rem;border-radius:8px;border:1px solid #0b57d0;cursor:pointer}
.primary{background:#0b57d0;color:#fff}
.secondary{background:#fff;color:#0b57d0}
select{width:100%;font:inherit;padding:.7rem .75rem;border:1px solid #8c959f;border-radius:8px;background:#fff}
button:focus-visible,input:focus-visible,select:focus-visible,a:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.actions{display:flex;gap:.75rem;flex-wrap:wrap;margin-top:1.25rem}
.alert{background:#fdecea;color:#8a1c10;border-radius:8px;padding:.6rem .75rem;margin:.75rem 0}
ul{padding-left:1.25rem}
.note{color:#57606a;font-size:.9rem}
.lang{display:block;text-align:right;margin-bottom:.5rem;color:#0b57d0}
`;

function page(lang: Language, title: string, body: string, otherLanguageHref: string | null): string {
  const switcher = otherLanguageHref ? `<a class="lang" href="${esc(otherLanguageHref)}" lang="${lang === 'zh-Hans' ? 'en' : 'zh-Hans'}">${t(lang, TEXTS.otherLanguage)}</a>` : '';
  return `<!doctype html><html lang="${lang === 'zh-Hans' ? 'zh-Hans' : 'en'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${esc(title)} · SimShop</title><style>${STYLE}</style></head><body><main>${switcher}<div class="card"><p class="brand">${t(lang, TEXTS.shop)}</p>${body}</div></main></body></html>`;
}

export interface InteractionView {
  lang: Language;
  /** The form's address (the interaction's, with the language). */
  action: string;
  /** The same page in the other language. */
  otherLanguageHref: string;
  clientName: string;
  clientUri: string | null;
}

const clientLine = (v: InteractionView) => `<strong>${esc(v.clientName)}</strong>${v.clientUri ? ` (<span>${esc(v.clientUri)}</span>)` : ''}`;

/** The page's one script (served by the interaction routes): the proof of work a code needs, as the shop's sign-in does. */
export const CODE_SCRIPT_PATH = '/oauth/interaction/code-sign-in.js';

export function signInPage(v: InteractionView, problem: SignInProblem | null, account: string, kind: SignInKind = 'customer', challenge: PowChallenge | null = null): string {
  const { lang } = v;
  const alert = problem ? `<p class="alert" role="alert" id="problem">${t(lang, TEXTS[problem])}</p>` : '';
  const described = problem ? ' aria-describedby="problem"' : '';
  const staff = kind === 'staff';
  const title = t(lang, staff ? TEXTS.staffSignInTitle : TEXTS.signInTitle);
  const totp = staff ? `<label for="totp">${t(lang, TEXTS.totp)}</label><input id="totp" name="totp" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6">` : '';
  // A customer may ask for a code to the same account instead: the button posts the form elsewhere, after the script's proof of work.
  const code = challenge
    ? `<p class="note" id="code-lead">${t(lang, TEXTS.codeLead)}</p><input type="hidden" name="seedId" value="${esc(challenge.seedId)}"><input type="hidden" name="nonce" value="${esc(challenge.nonce)}"><input type="hidden" name="difficulty" value="${challenge.difficulty}"><input type="hidden" name="solution" value="">
<div class="actions"><button class="secondary" type="submit" name="via" value="code" formaction="${esc(v.action)}/code" formnovalidate aria-describedby="code-lead">${t(lang, TEXTS.sendCode)}</button></div><p class="note" id="code-status" role="status"></p>`
    : '';
  return page(
    lang,
    title,
    `<h1>${title}</h1><p>${clientLine(v)} ${t(lang, staff ? TEXTS.staffSignInLead : TEXTS.signInLead)}</p>${alert}
<form method="post" action="${esc(v.action)}/login"${challenge ? ` data-working="${esc(t(lang, TEXTS.codeWorking))}"` : ''}><input type="hidden" name="lang" value="${lang}">
<label for="account">${t(lang, staff ? TEXTS.staffAccount : TEXTS.account)}</label><input id="account" name="account" autocomplete="username" required maxlength="100" value="${esc(account)}"${staff ? ' type="email"' : ''}${described}${problem ? ' autofocus' : ''}>
<label for="password">${t(lang, TEXTS.password)}</label><input id="password" name="password" type="password" autocomplete="current-password" required maxlength="100">${totp}
<div class="actions"><button class="primary" type="submit">${t(lang, TEXTS.signIn)}</button><button class="secondary" type="submit" formaction="${esc(v.action)}/abort" formnovalidate>${t(lang, TEXTS.cancel)}</button></div>${code}
</form>${challenge ? `<script src="${CODE_SCRIPT_PATH}"></script>` : ''}`,
    v.otherLanguageHref,
  );
}

/** After "send me a code": the code's field, for the account it went to. */
export function codePage(v: InteractionView, account: string, problem: CodeProblem | null): string {
  const { lang } = v;
  const alert = problem ? `<p class="alert" role="alert" id="problem">${t(lang, TEXTS[problem])}</p>` : '';
  return page(
    lang,
    t(lang, TEXTS.codeTitle),
    `<h1>${t(lang, TEXTS.codeTitle)}</h1><p>${esc(t(lang, TEXTS.codeSent)).replace('{{account}}', `<strong>${esc(account)}</strong>`)}</p>${alert}
<form method="post" action="${esc(v.action)}/code-login"><input type="hidden" name="lang" value="${lang}"><input type="hidden" name="account" value="${esc(account)}">
<label for="code">${t(lang, TEXTS.code)}</label><input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" required autofocus${problem ? ' aria-describedby="problem"' : ''}>
<div class="actions"><button class="primary" type="submit">${t(lang, TEXTS.signIn)}</button><button class="secondary" type="submit" formaction="${esc(v.action)}/abort" formnovalidate>${t(lang, TEXTS.cancel)}</button></div>
</form><p><a href="${esc(v.action)}?lang=${lang}">${t(lang, TEXTS.otherWay)}</a></p>`,
    v.otherLanguageHref,
  );
}

/** The daily amount asked for with the `buy` scope, as the form last sent it. */
export interface BuyAmountField {
  amount: string;
  currency: Currency;
  invalid: boolean;
}

function buyAmountFields(lang: Language, field: BuyAmountField): string {
  const alert = field.invalid ? `<p class="alert" role="alert" id="amount-problem">${t(lang, TEXTS.dailyAmountInvalid)}</p>` : '';
  const option = (c: Currency) => `<option value="${c}"${field.currency === c ? ' selected' : ''}>${t(lang, c === 'USD' ? TEXTS.usd : TEXTS.cny)}</option>`;
  return `${alert}<label for="dailyAmount">${t(lang, TEXTS.dailyAmount)}</label><input id="dailyAmount" name="dailyAmount" type="number" inputmode="decimal" min="1" max="${MCP_DAILY_AMOUNT_MAX}" step="0.01" required value="${esc(field.amount)}" aria-describedby="amount-hint${field.invalid ? ' amount-problem' : ''}">
<label for="currency">${t(lang, TEXTS.currency)}</label><select id="currency" name="currency">${option('USD')}${option('CNY')}</select><p class="note" id="amount-hint">${t(lang, TEXTS.dailyAmountHint)}</p>`;
}

export function consentPage(v: InteractionView, scopes: readonly McpScope[], signedInAs: string, buy: BuyAmountField | null = null, kind: SignInKind = 'customer'): string {
  const { lang } = v;
  // A first suggestion the customer changes: about one plan's price a day.
  const amount = scopes.includes(McpScope.buy) ? buyAmountFields(lang, buy ?? { amount: lang === 'zh-Hans' ? '200' : '30', currency: lang === 'zh-Hans' ? 'CNY' : 'USD', invalid: false }) : '';
  return page(
    lang,
    t(lang, TEXTS.consentTitle),
    `<h1>${t(lang, TEXTS.consentTitle)}</h1><p>${clientLine(v)} ${t(lang, TEXTS.consentLead)}</p>
<ul>${scopes.map((s) => `<li>${esc(t(lang, MCP_SCOPE_TEXTS[s]))}</li>`).join('')}</ul>
<p class="note">${t(lang, TEXTS.signedInAs)} ${esc(signedInAs)}</p><p class="note">${t(lang, kind === 'staff' ? TEXTS.staffConsentNote : TEXTS.consentNote)}</p>
<form method="post" action="${esc(v.action)}/confirm"><input type="hidden" name="lang" value="${lang}">${amount}<div class="actions"><button class="primary" type="submit">${t(lang, TEXTS.allow)}</button><button class="secondary" type="submit" formaction="${esc(v.action)}/abort">${t(lang, TEXTS.refuse)}</button></div></form>`,
    v.otherLanguageHref,
  );
}

/** oidc-provider's error page (an unknown client, a bad redirect): what the protocol said, in the page's language. */
export function errorPage(acceptLanguage: string | undefined, out: { error: string; error_description?: string }): string {
  const lang = normalizeLanguage(acceptLanguage);
  const detail = `${out.error}${out.error_description ? `: ${out.error_description}` : ''}`;
  return page(lang, t(lang, TEXTS.errorTitle), `<h1>${t(lang, TEXTS.errorTitle)}</h1><p>${t(lang, TEXTS.errorLead)}</p><p class="alert" role="alert"><code>${esc(detail)}</code></p>`, null);
}
