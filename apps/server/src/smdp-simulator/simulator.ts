import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isEid } from '@simshop/contract';
import {
  cancelOrderRequest,
  confirmOrderRequest,
  downloadOrderRequest,
  ES2PLUS_PREFIX,
  failure,
  NotificationPoint,
  success,
  type DownloadProgressInfo,
} from '../providers/es2plus-protocol.ts';

/**
 * A small SM-DP+ that speaks ES2+ JSON, for the demo and the tests (DESIGN §4): it allocates
 * profiles, releases them for download, and, driven through its /device routes, plays a phone
 * installing, deleting, enabling or disabling one, reporting each step to the operator with
 * HandleDownloadProgressInfo. Its state lives in memory: it stands in for another company's
 * system, and is never used in production (the reseller API's sandbox has its own, in-process.ts).
 */
interface Profile {
  iccid: string;
  matchingId: string | null;
  eid: string | null;
  profileType: string | null;
  state: 'allocated' | 'released' | 'installed' | 'deleted' | 'available' | 'unavailable';
}

export interface SimulatorOptions {
  apiKey: string;
  smdpAddress: string;
  /** Where HandleDownloadProgressInfo goes, and the token it carries. */
  notifyUrl: () => string;
  notifyToken: string;
  /** Told when the phone it plays installs or enables a profile: a phone that does connects to a network (the carrier simulator starts counting data). */
  onConnect?: ((iccid: string, at: number) => void) | undefined;
  /**
   * Profiles a supplier loaded onto this SM-DP+ in a batch, outside ES2+ (the demo pools): the
   * ICCID of the one with this matching ID, released for download from the start.
   */
  heldProfile?: ((matchingId: string) => Promise<string | undefined>) | undefined;
}

export function luhnDigit(digits: string): string {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

const newIccid = () => {
  const body = `8985200${Array.from({ length: 11 }, () => randomInt(10)).join('')}`;
  return body + luhnDigit(body);
};
const newMatchingId = () => (randomBytes(10).toString('hex').toUpperCase().match(/.{5}/g) ?? []).join('-');

/** A made-up device's EID: 30 digits and the two ISO 7064 check digits that make it mod 97 = 1. */
const newEid = () => {
  const body = `89049032${Array.from({ length: 22 }, () => randomInt(10)).join('')}`;
  return body + String(98n - ((BigInt(body) * 100n) % 97n)).padStart(2, '0');
};

const deviceRequest = z.object({ matchingId: z.string(), eid: z.string().refine(isEid, 'an EID has 32 digits and a valid check').optional() });

/** The simulator's profiles and its three ES2+ functions without HTTP: each takes the request as parsed and answers the response body. */
export function createSimulatedSmdp(smdpAddress: string) {
  const profiles = new Map<string, Profile>();
  const byCall = new Map<string, string>();
  return {
    profiles,
    downloadOrder(input: z.output<typeof downloadOrderRequest>) {
      // The same call identifier gets the same profile: a retried request allocates nothing new.
      const known = byCall.get(input.header.functionCallIdentifier);
      if (known) return { header: success, iccid: known };
      const iccid = input.iccid ?? newIccid();
      profiles.set(iccid, { iccid, matchingId: null, eid: input.eid ?? null, profileType: input.profileType ?? null, state: 'allocated' });
      byCall.set(input.header.functionCallIdentifier, iccid);
      return { header: success, iccid };
    },
    confirmOrder(input: z.output<typeof confirmOrderRequest>) {
      const profile = profiles.get(input.iccid);
      if (!profile) return { header: failure('8.2.1', '3.9', 'profile ICCID unknown') };
      if (profile.state !== 'allocated' && profile.state !== 'released') return { header: failure('8.2.1', '3.5', 'profile not in allocated state') };
      profile.matchingId ??= input.matchingId ?? newMatchingId();
      profile.eid = input.eid ?? profile.eid;
      if (input.releaseFlag) profile.state = 'released';
      return { header: success, eid: profile.eid ?? undefined, matchingId: profile.matchingId, smdpAddress };
    },
    cancelOrder(input: z.output<typeof cancelOrderRequest>) {
      const profile = profiles.get(input.iccid);
      if (!profile) return { header: failure('8.2.1', '3.9', 'profile ICCID unknown') };
      if (profile.state === 'installed') return { header: failure('8.2.1', '3.5', 'profile already installed') };
      profile.state = input.finalProfileStatusIndicator === 'Available' ? 'available' : 'unavailable';
      return { header: success };
    },
  };
}

export function registerSmdpSimulator(app: FastifyInstance, options: SimulatorOptions, prefix = '/smdp-sim'): void {
  const smdp = createSimulatedSmdp(options.smdpAddress);
  const profiles = smdp.profiles;

  app.register(
    async (scope) => {
      scope.addHook('onRequest', async (request, reply) => {
        if (request.url.includes(ES2PLUS_PREFIX) && request.headers.authorization !== `Bearer ${options.apiKey}`) {
          return reply.code(401).send({ header: failure('8.1', '1.1', 'unknown function requester') });
        }
      });

      scope.post(`${ES2PLUS_PREFIX}/downloadOrder`, async (request) => smdp.downloadOrder(downloadOrderRequest.parse(request.body)));
      scope.post(`${ES2PLUS_PREFIX}/confirmOrder`, async (request) => smdp.confirmOrder(confirmOrderRequest.parse(request.body)));
      scope.post(`${ES2PLUS_PREFIX}/cancelOrder`, async (request) => smdp.cancelOrder(cancelOrderRequest.parse(request.body)));

      /** Plays a phone: `install`, `delete`, `enable` or `disable` a released profile. */
      scope.post<{ Params: { step: string } }>('/device/:step', async (request, reply) => {
        const input = deviceRequest.safeParse(request.body);
        if (!input.success) return reply.code(400).send({ error: input.error.issues.map((i) => i.message).join('; ') });
        const profile = [...profiles.values()].find((p) => p.matchingId === input.data.matchingId) ?? (await held(input.data.matchingId));
        if (!profile) return reply.code(404).send({ error: 'no such matching id' });
        const eid = input.data.eid ?? profile.eid ?? newEid();
        const points: number[] = [];
        switch (request.params.step) {
          case 'install':
            if (profile.state !== 'released' && profile.state !== 'installed') return reply.code(409).send({ error: `profile is ${profile.state}` });
            points.push(NotificationPoint.download, NotificationPoint.installation);
            profile.state = 'installed';
            break;
          case 'delete':
            points.push(NotificationPoint.deletion);
            profile.state = 'deleted';
            break;
          case 'enable':
            points.push(NotificationPoint.enabled);
            break;
          case 'disable':
            points.push(NotificationPoint.disabled);
            break;
          default:
            return reply.code(404).send({ error: 'unknown step' });
        }
        for (const point of points) await notify(profile, eid, point);
        if (request.params.step === 'install' || request.params.step === 'enable') options.onConnect?.(profile.iccid, Date.now());
        return { iccid: profile.iccid, eid, points };
      });
    },
    { prefix },
  );

  /** A batch-loaded profile, kept from its first use on so its later steps (delete, enable) follow. */
  async function held(matchingId: string): Promise<Profile | undefined> {
    const iccid = await options.heldProfile?.(matchingId);
    if (!iccid) return undefined;
    const profile: Profile = profiles.get(iccid) ?? { iccid, matchingId, eid: null, profileType: null, state: 'released' };
    profiles.set(iccid, profile);
    return profile;
  }

  async function notify(profile: Profile, eid: string, point: number) {
    const body: DownloadProgressInfo = {
      header: { functionRequesterIdentifier: 'smdp-simulator', functionCallIdentifier: randomBytes(8).toString('hex') },
      eid,
      iccid: profile.iccid,
      profileType: profile.profileType ?? undefined,
      timestamp: new Date().toISOString(),
      notificationPointId: point,
      notificationPointStatus: { status: 'Executed-Success' },
    };
    const res = await fetch(options.notifyUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${options.notifyToken}` },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`operator answered ${res.status} to a download progress notification`);
  }
}
