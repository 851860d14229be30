import { useEffect, useState } from 'react';
import { useOperationCall } from 'shared/api/use-operation';
import { acceptStaffInvitationSchema, type StaffInvitationPreviewResponse } from './schemas';
import { staffRoleNames } from 'shared/staff-roles';
import { SubmitErrors } from 'shared/ui/error-summary';
import { FormMessage, TextField } from 'shared/ui/form';
import { failed, fieldsOf, sent, useFormSubmission } from 'shared/ui/submission-form';
import { useZodForm } from 'shared/ui/use-zod-form';
import { staffInvitationOperations as ops } from './invitation-operations';
import { AccountForm } from '../components/account-form';
import { NewPasswordFields } from '../components/password-field';
import { StepHeading } from '../components/step-heading';
import { identityMessages } from '../identity/errors';
import { bogotaDate } from './format';
import { gateTexts as t } from './gate-texts';

/** The path an invitation e-mail links to; its one-time token rides in the fragment, which no server or referrer sees. */
export const INVITATION_PATH = '/equipo/invitacion';

/** The token of an invitation link, as the address bar carries it. */
export function invitationTokenInAddress(): string | null {
  if (typeof window === 'undefined') return null;
  return window.location.hash.replace(/^#/, '') || null;
}

type Preview = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; invitation: StaffInvitationPreviewResponse };

/**
 * An invited person's first step: what the invitation offers (address, roles, who invited them; a warning when the
 * address already has an account, which they take over), their name and the password they will sign in with. Only
 * this link proves the mailbox; the server binds the account and grants the roles when it is accepted.
 */
export function InvitationStep({ token, onAccepted }: { token: string | null; onAccepted: (email: string, password: string) => void }) {
  const preview = useOperationCall(ops.preview);
  const accept = useOperationCall(ops.accept);
  const [state, setState] = useState<Preview>({ kind: 'loading' });
  const form = useZodForm(acceptStaffInvitationSchema, {
    defaultValues: { token: token ?? '', name: '', password: '', confirmPassword: '' },
  });
  const field = fieldsOf(form);

  // Once read, the token leaves the address bar (history, screenshots, a shared screen).
  useEffect(() => {
    if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname);
  }, []);

  useEffect(() => {
    if (!token) {
      setState({ kind: 'failed', message: t.invitationMissing });
      return;
    }
    let live = true;
    void preview({ body: { token } }).then((result) => {
      if (!live) return;
      if (result.kind === 'ok') {
        setState({ kind: 'ready', invitation: result.data });
        if (result.data.name) form.setValue('name', result.data.name);
      } else setState({ kind: 'failed', message: result.kind === 'error' && result.message ? result.message : identityMessages.network });
    });
    return () => {
      live = false;
    };
  }, [form, preview, token]);

  const submission = useFormSubmission(form, async (values) => {
    const result = await accept({ body: values });
    if (result.kind !== 'ok')
      return failed(result.kind === 'error' && result.message ? result.message : identityMessages.network, {
        fields: result.kind === 'error' ? result.fields : undefined,
      });
    onAccepted(result.data.email, values.password);
    return sent(null);
  });

  if (state.kind === 'loading')
    return (
      <p role="status" className="staff-door__status">
        {t.invitationLoading}
      </p>
    );
  if (state.kind === 'failed')
    return (
      <div className="form">
        <StepHeading id="staff-invitacion" autoFocus>
          {t.invitationTitle}
        </StepHeading>
        <FormMessage kind="error">{state.message}</FormMessage>
      </div>
    );
  const { invitation } = state;
  return (
    <AccountForm
      submission={submission}
      aria-labelledby="staff-invitacion"
      header={
        <>
          <StepHeading id="staff-invitacion" autoFocus>
            {t.invitationTitle}
          </StepHeading>
          <p>
            {t.invitationIntro(invitation.email, staffRoleNames(invitation.roles), invitation.invitedBy, bogotaDate(invitation.expiresAt))}
          </p>
          {invitation.existingAccount ? <FormMessage kind="warning">{t.invitationExistingAccount}</FormMessage> : null}
        </>
      }
      summary={<SubmitErrors form={form} submission={submission} />}
      submitLabel={t.invitationSubmit}
      busyLabel={t.invitationBusy}
    >
      <input type="email" name="username" autoComplete="username" value={invitation.email} readOnly hidden />
      <TextField label={t.invitationName} autoComplete="name" required {...field('name')} />
      <NewPasswordFields password={field('password')} confirm={field('confirmPassword')} />
    </AccountForm>
  );
}
