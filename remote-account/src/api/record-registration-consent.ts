import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { RegistrationConsentInput, RegistrationConsentResponse } from 'shared/schemas/account';

/** POST /api/account/registration-consent: the proof of the registration's authorization, before the sign-up. */
export const recordRegistrationConsent = (client: ApiClient, body: RegistrationConsentInput) =>
  client.request<RegistrationConsentResponse>('POST', '/api/account/registration-consent', body);

export const useRecordRegistrationConsent = () => useOperation(recordRegistrationConsent);
