import { endpointKey, useEndpointMutation } from '@/lib/endpoint-query';

/** ecodeCustomize.customize: the ECode and a phone's IMEI become an eSIM for that phone; my ECodes change status. */
export const useCustomizeEcode = () => useEndpointMutation('ecodeCustomize', 'customize', { invalidates: [endpointKey('ecodeManage')] });
