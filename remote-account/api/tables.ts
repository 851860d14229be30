import type { CreatedTimestamp, DefaultedText } from 'shared/server/database';

/** `account.payment_accounts` (index.ts): one account per paid enrolment, the claim that makes a reload create nothing. */
export interface PaymentAccountsTable {
  enrolment_reference: string;
  payment_id: string;
  email: string;
  /** 'pending' while the identity provider is asked, then 'created' or 'existing'. */
  outcome: DefaultedText;
  user_sub: string | null;
  created_at: CreatedTimestamp;
}

// The account domain's tables in the site's one Database type (see shared/src/server/database.ts). What it reads of the
// courses domain's enrolments goes through shared/src/server/course-enrolments.ts.
declare module 'shared/server/database' {
  interface Database {
    'account.payment_accounts': PaymentAccountsTable;
  }
}
