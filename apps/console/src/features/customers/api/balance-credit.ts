import { endpointKey, useEndpointMutation } from '@/lib/endpoint-query';

/** A credit adds a ledger row and an audit row and changes the balance on the customer's page. */
export const useCreditBalance = () =>
  useEndpointMutation('adminCustomer', 'credit', { invalidates: [endpointKey('adminCustomer', 'detail'), endpointKey('adminCustomer', 'ledger'), endpointKey('adminCustomer', 'audit')] });
