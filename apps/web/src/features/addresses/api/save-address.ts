import { endpointKey, useEndpointMutation } from '@/lib/endpoint-query';
import { forgetAddresses } from './address-cache';

/**
 * What an address write changes: the address book (the order pages read the same query). The
 * browser's address cache goes first, or the book would be read back from it unchanged.
 */
export const ADDRESS_WRITE = { invalidates: [endpointKey('address')], written: forgetAddresses } as const;

/** address.save: adds an address, or changes one (with its id); field errors are shown at the field. */
export const useSaveAddress = () => useEndpointMutation('address', 'save', ADDRESS_WRITE);
