/** What a payment attempt on the hosted checkout ends as: the provider's test-card rules by cardholder name. */
export interface Outcome {
  status: 'approved' | 'in_process' | 'pending' | 'rejected';
  status_detail: string;
}

/** The provider's test cardholder names (Checkout Pro test cards) and the outcome each one forces. */
export const cardholderOutcomes: Readonly<Record<string, Outcome>> = {
  APRO: { status: 'approved', status_detail: 'accredited' },
  CONT: { status: 'in_process', status_detail: 'pending_contingency' },
  OTHE: { status: 'rejected', status_detail: 'cc_rejected_other_reason' },
  CALL: { status: 'rejected', status_detail: 'cc_rejected_call_for_authorize' },
  FUND: { status: 'rejected', status_detail: 'cc_rejected_insufficient_amount' },
  SECU: { status: 'rejected', status_detail: 'cc_rejected_bad_filled_security_code' },
  EXPI: { status: 'rejected', status_detail: 'cc_rejected_bad_filled_date' },
  FORM: { status: 'rejected', status_detail: 'cc_rejected_bad_filled_other' },
};

/**
 * The outcome of a card payment. The first word of the cardholder name decides (case-insensitive, so "APRO" and
 * "apro Pérez" both approve); any other name is treated as a real, valid card with funds: approved/accredited.
 */
export function cardOutcome(cardholderName: string): Outcome {
  const key = cardholderName.trim().split(/\s+/)[0]?.toUpperCase() ?? '';
  return cardholderOutcomes[key] ?? { status: 'approved', status_detail: 'accredited' };
}

/** PSE (bank transfer) waits for the bank; Efecty (cash ticket) waits for the payer to pay at a counter. */
export const pseOutcome: Outcome = { status: 'pending', status_detail: 'pending_waiting_transfer' };
export const efectyOutcome: Outcome = { status: 'pending', status_detail: 'pending_waiting_payment' };

/** A settlement of a pending payment, chosen by a developer or test in the sandbox's control page. */
export type Settlement = 'approved' | 'rejected' | 'cancelled';

export function settledDetail(settlement: Settlement, paymentTypeId: string): string {
  if (settlement === 'approved') return 'accredited';
  if (settlement === 'cancelled') return paymentTypeId === 'ticket' ? 'expired' : 'by_collector';
  return paymentTypeId === 'bank_transfer' ? 'rejected_by_bank' : 'cc_rejected_other_reason';
}

/** Which back_url the payer returns to: approved → success, rejected/cancelled → failure, waiting → pending. */
export function backUrlKind(status: string): 'success' | 'failure' | 'pending' {
  if (status === 'approved' || status === 'authorized') return 'success';
  if (status === 'in_process' || status === 'pending') return 'pending';
  return 'failure';
}
