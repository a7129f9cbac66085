import { describe, expect, it } from 'vitest';
import { privateAddressProblem } from './webhook-post.ts';

/** In production a webhook goes to public addresses only: never this machine or a private network. */
describe('privateAddressProblem', () => {
  it('refuses loopback, private, link-local and mapped addresses, and allows public ones', async () => {
    for (const url of ['https://127.0.0.1/h', 'https://10.1.2.3/h', 'https://172.20.0.1/h', 'https://192.168.1.1/h', 'https://169.254.169.254/latest', 'https://100.64.0.1/', 'https://[::1]/h', 'https://[fd00::1]/h', 'https://[fe80::1]/h', 'https://[::ffff:127.0.0.1]/h', 'https://0.0.0.0/']) {
      expect(await privateAddressProblem(url), url).toMatch(/private address/);
    }
    for (const url of ['https://93.184.215.14/hook', 'https://[2606:4700::6810:84e5]/hook', 'https://8.8.8.8:8443/x']) expect(await privateAddressProblem(url), url).toBeNull();
  });

  it('resolves a name and refuses one that points at this machine', async () => {
    expect(await privateAddressProblem('https://localhost:9000/hook')).toMatch(/private address/);
  });
});
