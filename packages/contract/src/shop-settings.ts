import { z } from 'zod';
import { isContactPhone } from './addresses.ts';
import { WORK_HOURS } from './format.ts';
import { isEmail } from './validation.ts';

/**
 * The shop's contact channels: what "Contact us" shows, set by the owner in the
 * console. Every channel is optional; the working hours always exist (the demo's default until
 * the owner saves). The WeChat QR is a picture uploaded like product images (`products/<id>`).
 */
export const CONTACT_ADDRESS_MAX = 200;
/** ISO weekdays: 1 is Monday, 7 is Sunday. */
export const weekdaySchema = z.number().int().min(1, 'validation.invalid').max(7, 'validation.invalid');

export const contactHoursSchema = z.object({
  /** The days the shop answers, ascending. */
  days: z.array(weekdaySchema),
  /** `HH:MM`, the shop's local time. */
  open: z.string(),
  close: z.string(),
});
export type ContactHours = z.infer<typeof contactHoursSchema>;

export const contactChannelsSchema = z.object({
  phone: z.string().nullable(),
  email: z.string().nullable(),
  wechatId: z.string().nullable(),
  /** The stored picture's image entry (`products/<id>`) and its public address. */
  wechatQr: z.string().nullable(),
  wechatQrUrl: z.string().nullable(),
  addressEn: z.string().nullable(),
  addressZh: z.string().nullable(),
  /** A map page for the address (the owner's choice); without one the shop links a map search. */
  mapUrl: z.string().nullable(),
  hours: contactHoursSchema,
});
export type ContactChannels = z.infer<typeof contactChannelsSchema>;

/** Monday to Saturday, 11:00–19:00 (SPEC §9) until the owner says otherwise. */
export const DEFAULT_CONTACT_HOURS: ContactHours = { days: [1, 2, 3, 4, 5, 6], open: WORK_HOURS.open, close: WORK_HOURS.close };

/** The `tel:` address of a published phone number: its digits, with the `+` when international. */
export function telHref(phone: string): string {
  return `tel:${phone.trim().startsWith('+') ? '+' : ''}${phone.replace(/\D/g, '')}`;
}

/** A map page for an address: the owner's own link, else a map search for the text. */
export function mapHref(channels: Pick<ContactChannels, 'mapUrl'>, address: string): string {
  return channels.mapUrl ?? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

const TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
const WECHAT_ID = /^[A-Za-z][A-Za-z0-9_-]{5,19}$/;
const QR_ENTRY = /^products\/[0-9a-f-]{36}$/;

/** An optional text field: empty (after trimming) means "not published". */
const optional = (max: number, rule?: { test: (v: string) => boolean; message: string }) =>
  z
    .string()
    .trim()
    .max(max, 'validation.too_long')
    .refine((v) => v === '' || !rule || rule.test(v), rule?.message ?? 'validation.invalid')
    .transform((v) => (v === '' ? null : v));

export const contactChannelsInput = z
  .object({
    phone: optional(32, { test: isContactPhone, message: 'validation.contact_phone' }),
    email: optional(254, { test: isEmail, message: 'validation.email' }),
    wechatId: optional(20, { test: (v) => WECHAT_ID.test(v), message: 'validation.wechat_id' }),
    wechatQr: optional(64, { test: (v) => QR_ENTRY.test(v), message: 'validation.invalid' }),
    addressEn: optional(CONTACT_ADDRESS_MAX),
    addressZh: optional(CONTACT_ADDRESS_MAX),
    mapUrl: optional(500, { test: (v) => /^https:\/\/[^\s]+$/.test(v), message: 'validation.url' }),
    hours: z.object({
      days: z
        .array(weekdaySchema)
        .min(1, 'validation.required')
        .max(7, 'validation.too_many')
        .refine((d) => new Set(d).size === d.length, 'validation.invalid')
        .transform((d) => [...d].sort((a, b) => a - b)),
      open: z.string().regex(TIME, 'validation.time'),
      close: z.string().regex(TIME, 'validation.time'),
    }),
  })
  .strict()
  .superRefine((v, ctx) => {
    // Zero-padded HH:MM strings compare like the times they are.
    if (v.hours.close <= v.hours.open) ctx.addIssue({ code: 'custom', path: ['hours', 'close'], message: 'validation.hours_order' });
    // A QR code without the ID it stands for leaves the customer nothing to type.
    if (v.wechatQr !== null && v.wechatId === null) ctx.addIssue({ code: 'custom', path: ['wechatId'], message: 'validation.required' });
  });
export type ContactChannelsInput = z.input<typeof contactChannelsInput>;
