import { countryCodeOf, currencyForLanguage, GOODS_PAGE_PATH, searchEsimDevices } from '@simshop/contract';
import type { apnInput, checkEsimInput, contactInput, EsimDevice, EsimSupport, findPlansInput, installGuideInput, Language, McpToolName } from '@simshop/contract';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/database.ts';
import { contactChannels } from '../shop-settings/shop-settings.service.ts';
import { listStores } from '../stores/store.service.ts';
import { apnSettings, tripPlans } from '../tools/tools.service.ts';
import { apnText, contactHoursText, contactText, esimText, installNotes, installSteps, installText, moneyText, plansText, unlockCaveat, weeklyHoursText, type EsimAnswer } from './mcp-texts.ts';

/**
 * The public tools' work: each reads through the owning module's service and answers the text
 * the assistant reads with the structured content of the tool's output schema. A call the tool
 * cannot answer (a destination nobody knows) is a tool error with a text saying what to change.
 */
export interface ToolContext {
  db: Executor;
  config: Config;
  /** The shop's address for links: PUBLIC_URL, else the address the request came to. */
  origin: string;
}

export type ToolAnswer = { text: string; structured: Record<string, unknown> } | { text: string; error: true };

/** At most this many plans: an assistant reads out a few, not the catalogue. */
const PLANS_MAX = 5;

async function findPlans(ctx: ToolContext, input: z.output<typeof findPlansInput>): Promise<ToolAnswer> {
  const lang = input.language;
  const codes: string[] = [];
  const unknown: string[] = [];
  for (const name of input.destinations) {
    const code = countryCodeOf(name);
    if (code === null) unknown.push(name);
    else if (!codes.includes(code)) codes.push(code);
  }
  const mb = input.dataGb === undefined ? 0 : Math.ceil(input.dataGb * 1000);
  const found = codes.length ? await tripPlans(ctx.db, { countries: codes, days: input.days, mb, limit: PLANS_MAX }, lang, input.currency ?? currencyForLanguage(lang)) : [];
  const plans = found.map((p) => ({
    productId: p.productId,
    skuId: p.skuId,
    name: p.name,
    option: p.option,
    dataMb: p.dataMb,
    days: p.days,
    price: p.price,
    currency: p.currency,
    networks: p.travel.networks.filter((n) => codes.includes(n.country)),
    hotspot: p.travel.hotspot,
    validityStarts: p.travel.validityStarts,
    url: `${ctx.origin}/uni${GOODS_PAGE_PATH}?id=${p.productId}`,
  }));
  const text = plansText({ destinations: codes, unknown, days: input.days, mb, plans }, lang);
  if (codes.length === 0) return { text, error: true };
  return { text, structured: { destinations: codes, unknownDestinations: unknown, plans: plans.map((p) => ({ ...p, priceText: moneyText(p.price, p.currency, lang) })) } };
}

const ANSWER_OF: Record<EsimSupport, EsimAnswer> = { supported: 'yes', unsupported: 'no', depends: 'depends' };
/** The device list's rule for names (esim-devices.ts): case, spaces, hyphens and brackets do not matter. */
const normalise = (value: string) => value.toLowerCase().replace(/[\s\-_()（）]+/g, '');
const isExact = (device: EsimDevice, query: string) => [device.model, ...(device.aliases ?? [])].some((name) => normalise(name) === query || normalise(`${device.brand} ${name}`) === query);

/** A model's eSIM support from the tools page's device list. */
export function esimCheck(model: string, lang: Language) {
  const found = searchEsimDevices(model, 6);
  const query = normalise(model);
  const exact = found.find((d) => isExact(d, query));
  // One model, the model named, or several that all answer the same: the answer is sure.
  const same = found.length > 0 && found.every((d) => d.support === found[0]!.support && d.reason?.en === found[0]!.reason?.en);
  const device = exact ?? (found.length === 1 || same ? found[0] : undefined);
  const reasonOf = (d: EsimDevice) => (d.reason ? (lang === 'zh-Hans' ? d.reason.zh : d.reason.en) : null);
  const answer: EsimAnswer = device ? ANSWER_OF[device.support] : 'unknown';
  const others = found.filter((d) => d !== device).map((d) => ({ brand: d.brand, model: d.model, answer: ANSWER_OF[d.support] }));
  const reason = device ? reasonOf(device) : null;
  const text = esimText({ query: model, answer, device: device ? { brand: device.brand, model: device.model } : null, reason, others: device ? [] : others }, lang);
  return {
    text,
    structured: { answer, device: device ? { brand: device.brand, model: device.model } : null, reason, caveat: answer === 'yes' || answer === 'depends' ? unlockCaveat(lang) : null, otherMatches: others },
  };
}

function installGuide(input: z.output<typeof installGuideInput>): ToolAnswer {
  const lang = input.language;
  const check = input.model ? esimCheck(input.model, lang) : null;
  const steps = installSteps(input.os, lang);
  const notes = installNotes(lang);
  return { text: installText({ os: input.os, steps, notes, esim: check?.text ?? null }, lang), structured: { os: input.os, steps, notes, esim: check ? check.structured.answer : null } };
}

async function apn(ctx: ToolContext, input: z.output<typeof apnInput>): Promise<ToolAnswer> {
  const lang = input.language;
  const country = input.destination === undefined ? null : countryCodeOf(input.destination);
  if (input.destination !== undefined && country === null) {
    return { text: lang === 'zh-Hans' ? `本店不认识目的地“${input.destination}”：请使用国家或地区名称或 ISO 代码，例如“日本”或“JP”。` : `"${input.destination}" is not a destination the shop knows: use a country or region name or ISO code, e.g. "Japan" or "JP".`, error: true };
  }
  const operator = input.operator?.toLowerCase() ?? null;
  const items = (await apnSettings(ctx.db)).items.filter((i) => (country === null || i.country === country) && (operator === null || i.operator.toLowerCase().includes(operator)));
  return { text: apnText({ items, destination: country, operator: input.operator ?? null }, lang), structured: { items } };
}

async function contact(ctx: ToolContext, input: z.output<typeof contactInput>): Promise<ToolAnswer> {
  const lang = input.language;
  const channels = await contactChannels(ctx.db, ctx.config);
  const stores = (await listStores(ctx.db, {}, lang)).items.map((s) => ({ name: s.name, address: s.address, city: s.city, phone: s.phone, timeZone: s.timeZone, hoursText: weeklyHoursText(s.hours, lang) }));
  const answer = {
    phone: channels.phone,
    email: channels.email,
    wechatId: channels.wechatId,
    address: (lang === 'zh-Hans' ? (channels.addressZh ?? channels.addressEn) : (channels.addressEn ?? channels.addressZh)) ?? null,
    hours: channels.hours,
    hoursText: contactHoursText(channels.hours, lang),
    stores,
  };
  return { text: contactText(answer, lang), structured: answer };
}

/** Each public tool's work by name (the registry in the contract says what it takes and answers). */
export const PUBLIC_TOOL_RUNS: Partial<Record<McpToolName, (ctx: ToolContext, input: never) => Promise<ToolAnswer> | ToolAnswer>> = {
  find_plans: findPlans,
  check_esim_support: (_ctx, input: z.output<typeof checkEsimInput>) => esimCheck(input.model, input.language),
  install_guide: (_ctx, input: z.output<typeof installGuideInput>) => installGuide(input),
  apn_settings: apn,
  shop_contact: contact,
};
