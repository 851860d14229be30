import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { AccountFromPaymentRequest, AccountFromPaymentResponse } from 'shared/schemas/account-api';

/** POST /api/account/accounts/from-payment: the account of an approved enrolment, asked with this browser's claim. */
export const createAccountFromPayment = (client: ApiClient, body: AccountFromPaymentRequest) =>
  client.request<AccountFromPaymentResponse>('POST', '/api/account/accounts/from-payment', body);

export const useCreateAccountFromPayment = () => useOperation(createAccountFromPayment);
