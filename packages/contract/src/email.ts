/** E-mail addresses and host names as SPEC §5 checks them; no imports, so any page can afford it. */

// Deliberately practical rather than full RFC 5322: what mail providers actually accept.
const EMAIL_LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const HOST_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const TLD = /^(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;

/** A hostname with at least one dot, valid labels and an alphabetic (or punycode) TLD. */
export function isHostname(host: string): boolean {
  if (host.length === 0 || host.length > 253) return false;
  const labels = host.split('.');
  if (labels.length < 2) return false;
  const tld = labels[labels.length - 1] as string;
  return labels.every((label) => HOST_LABEL.test(label)) && TLD.test(tld);
}

export function isEmail(value: string): boolean {
  if (value.length > 254) return false;
  const at = value.indexOf('@');
  if (at <= 0 || at !== value.lastIndexOf('@')) return false;
  const local = value.slice(0, at);
  return local.length <= 64 && EMAIL_LOCAL.test(local) && isHostname(value.slice(at + 1));
}
