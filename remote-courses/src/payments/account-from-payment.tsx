import { useCallback, useEffect, useState } from 'react';
import type { ApiResult } from 'shared/api/client';
import { useOperationCall } from 'shared/api/use-operation';
import { AppLink, useNavigation } from 'shared/navigation';
import { rememberReturnPath } from 'shared/post-login';
import { selectIsAuthenticated, useAppSelector } from 'shared/store';
import { FormMessage } from 'shared/ui/form';
import type { AccountFromPaymentRequest, AccountFromPaymentResponse } from 'shared/payments/account-from-payment-operations';
import type { PaymentStatusResponse } from 'shared/payments/schemas';
import { coursePaymentsOperations as ops } from './operations';
import { forgetStudentData, readStudentData } from '../enrolment/payment-storage';
import { accountFromPaymentTexts as t } from './texts';

type Outcome =
  | { kind: 'creating' }
  | { kind: 'created'; account: AccountFromPaymentResponse }
  | { kind: 'exists'; message: string }
  | { kind: 'failed'; message: string };

/**
 * One request per payment, even when React runs effects twice or the page re-renders: the server creates the
 * account once anyway, but a second request would answer 409 and hide the password the first one returned.
 */
const requests = new Map<string, Promise<Outcome>>();

function createAccount(
  send: (body: AccountFromPaymentRequest) => Promise<ApiResult<AccountFromPaymentResponse>>,
  paymentId: string,
  reference: string,
  claim: string,
): Promise<Outcome> {
  const key = `${paymentId}|${reference}`;
  let pending = requests.get(key);
  if (!pending) {
    pending = send({ payment_id: paymentId, external_reference: reference, claim_secret: claim }).then((res): Outcome => {
      if (res.kind === 'ok' && res.data?.email && res.data.temporary_password) return { kind: 'created', account: res.data };
      if (res.kind === 'error' && (res.status === 409 || res.status === 403)) return { kind: 'exists', message: res.message || t.exists };
      if (res.kind === 'error') console.warn('No se pudo crear la cuenta', res.status, res.error);
      return { kind: 'failed', message: t.failed };
    });
    requests.set(key, pending);
  }
  return pending;
}

/**
 * Spec §4 "Success page account creation", decided by the server: when the visitor is anonymous, the server has
 * confirmed the payment approved, and the enrolment left `student_registration_data` here, ask the server to create
 * the account (with the claim secret only this browser holds); show the e-mail and temporary password once, then
 * forget the stored data.
 */
export function AccountFromPayment({ payment, claim }: { payment: PaymentStatusResponse; claim: string }) {
  const create = useOperationCall(ops.accountFromPayment);
  const send = useCallback((body: AccountFromPaymentRequest) => create({ body }), [create]);
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const { search } = useNavigation();
  const [student] = useState(readStudentData);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const params = new URLSearchParams(search);
  const paymentId = payment.payment_id ?? params.get('payment_id') ?? params.get('collection_id') ?? '';
  const reference = payment.external_reference ?? params.get('external_reference') ?? '';
  const eligible = !isAuthenticated && payment.status === 'approved' && Boolean(student) && Boolean(paymentId && reference && claim);

  useEffect(() => {
    // Paid while signed in, or nothing stored: the data has no further use on this device.
    if (!eligible) {
      forgetStudentData();
      return;
    }
    let live = true;
    setOutcome({ kind: 'creating' });
    void createAccount(send, paymentId, reference, claim).then((next) => {
      // The stored data was only a hint; once the server has answered (other than a network failure) it is spent.
      if (next.kind !== 'failed') forgetStudentData();
      if (live) setOutcome(next);
    });
    return () => {
      live = false;
    };
  }, [eligible, paymentId, reference, claim, send]);

  if (!outcome) return null;
  if (outcome.kind === 'creating') {
    return (
      <p role="status" className="account-creating">
        {t.creating}
      </p>
    );
  }
  if (outcome.kind === 'exists') {
    return (
      <FormMessage kind="warning">
        {outcome.message} <AppLink to="/login">{t.login}</AppLink>
      </FormMessage>
    );
  }
  if (outcome.kind === 'failed') {
    return (
      <FormMessage kind="warning">
        {outcome.message} <AppLink to="/register">{t.register}</AppLink>
      </FormMessage>
    );
  }
  return (
    <section className="account-created" aria-labelledby="cuenta-creada">
      <h3 id="cuenta-creada">{t.createdTitle}</h3>
      <p>{t.createdLead}</p>
      <dl className="account-credentials">
        <dt>{t.email}</dt>
        <dd>{outcome.account.email}</dd>
        <dt>{t.password}</dt>
        <dd>
          <code>{outcome.account.temporary_password}</code>
        </dd>
      </dl>
      <FormMessage kind="warning">{t.saveWarning}</FormMessage>
      <AppLink className="btn btn--accent" to="/login" onClick={() => rememberReturnPath('/mis-cursos')}>
        {t.login}
      </AppLink>
    </section>
  );
}
