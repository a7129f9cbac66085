import { endpointKey, useEndpointMutation } from '@/lib/endpoint-query';

/** esimSelfAdd.add: a white-listed eSIM joins the customer's list by its activation code; "not found" is shown on the page. */
export const useSelfAddEsim = () => useEndpointMutation('esimSelfAdd', 'add', { invalidates: [endpointKey('esim')] });
