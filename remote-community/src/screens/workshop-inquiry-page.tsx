import '../state/submissions-slice';
import '../community.css';
import type { ReactNode } from 'react';
import { AppLink } from 'shared/navigation';
import { occupations } from 'shared/schemas/common';
import {
  arteDeAmarteInquirySchema,
  communityTexts,
  guestTypes,
  valeSerInquirySchema,
  yesNo,
  type WorkshopSlug,
} from 'shared/schemas/community';
import { Honeypot, SelectField, SubmitButton, TextAreaField, TextField } from 'shared/ui/form';
import { PageFrame } from 'shared/ui/page-frame';
import { useZodForm } from 'shared/ui/use-zod-form';
import { ChoiceGroup } from '../components/choice-group';
import { FormSection, PrivacyNote } from '../components/page-parts';
import { FailureMessage, RequiredNote, StoredMessage, SubmitErrors, useSubmission, type Outcome } from '../components/submission';
import { formTexts, workshopOf, workshopPageTexts as p, workshops } from '../texts';

const submission = (slug: WorkshopSlug) => ({
  form: `${slug}-consulta`,
  path: `/api/community/${slug}/consulta`,
  idOf: (a: { id?: string }) => a.id,
  failed: communityTexts.inquiryFailed,
  network: communityTexts.inquiryNetwork,
});

/** What every inquiry form shows around its fields: the outcome, the required note, the send button. */
function InquiryShell({
  outcome,
  onSubmit,
  busy,
  errors,
  title,
  children,
}: {
  outcome: Outcome<unknown>;
  onSubmit: () => void;
  busy: boolean;
  errors: ReactNode;
  title: string;
  children: ReactNode;
}) {
  if (outcome.kind === 'stored') {
    return (
      <StoredMessage title={communityTexts.inquirySuccess}>
        <p>{p.reference(outcome.id)}</p>
      </StoredMessage>
    );
  }
  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label={title}>
      <RequiredNote />
      {errors}
      {outcome.kind === 'failed' ? <FailureMessage text={outcome.text} detail={outcome.detail} onRetry={onSubmit} busy={busy} /> : null}
      <Honeypot />
      {children}
      <div className="form-actions">
        <SubmitButton busy={busy} className="btn btn--accent" busyLabel={formTexts.sending}>
          Enviar consulta
        </SubmitButton>
      </div>
      <PrivacyNote />
    </form>
  );
}

/** Arte de Amarte inquiry (spec §3): a teacher for their students or a parent for their child. */
function ArteDeAmarteForm({ title }: { title: string }) {
  const form = useZodForm(arteDeAmarteInquirySchema, { shouldFocusError: false });
  const { register, formState } = form;
  const e = formState.errors;
  const { outcome, onSubmit, busy } = useSubmission(form, submission('arte-de-amarte'));
  return (
    <InquiryShell outcome={outcome} onSubmit={onSubmit} busy={busy} errors={<SubmitErrors form={form} />} title={title}>
      <ChoiceGroup legend="¿Quién eres?" required options={guestTypes} error={e.guest_type?.message} {...register('guest_type')} />
      <div className="form-grid">
        <TextField label="Nombre completo" required autoComplete="name" error={e.full_name?.message} {...register('full_name')} />
        <TextField label="Teléfono" required type="tel" autoComplete="tel" error={e.phone_number?.message} {...register('phone_number')} />
        <TextField label="Correo electrónico" required type="email" autoComplete="email" error={e.email?.message} {...register('email')} />
      </div>
      <TextAreaField
        label="Tu consulta"
        required
        hint="Por ejemplo: el colegio o la edad de los niños, y las fechas que te interesan."
        error={e.comments_query?.message}
        {...register('comments_query')}
      />
    </InquiryShell>
  );
}

/** Vale Ser inquiry (spec §3). */
function ValeSerForm({ title }: { title: string }) {
  const form = useZodForm(valeSerInquirySchema, { shouldFocusError: false });
  const { register, formState } = form;
  const e = formState.errors;
  const { outcome, onSubmit, busy } = useSubmission(form, submission('vale-ser'));
  return (
    <InquiryShell outcome={outcome} onSubmit={onSubmit} busy={busy} errors={<SubmitErrors form={form} />} title={title}>
      <div className="form-grid">
        <TextField label="Nombre" required autoComplete="given-name" error={e.first_name?.message} {...register('first_name')} />
        <TextField label="Apellido" required autoComplete="family-name" error={e.last_name?.message} {...register('last_name')} />
        <TextField label="Teléfono" required type="tel" autoComplete="tel" error={e.phone_number?.message} {...register('phone_number')} />
        <TextField label="Correo electrónico" required type="email" autoComplete="email" error={e.email?.message} {...register('email')} />
        <SelectField label="Ocupación" required options={occupations} error={e.occupation?.message} {...register('occupation')} />
        <TextField
          label="¿Cómo te enteraste del taller?"
          required
          hint="Redes sociales, una amiga, tu empresa…"
          error={e.referral_source?.message}
          {...register('referral_source')}
        />
      </div>
      <ChoiceGroup
        legend="¿Has tomado antes un curso de empoderamiento?"
        required
        inline
        options={yesNo}
        error={e.empowerment_course?.message}
        {...register('empowerment_course')}
      />
      <TextAreaField label="Tu consulta" required error={e.comments_query?.message} {...register('comments_query')} />
    </InquiryShell>
  );
}

/** Workshop inquiry forms (/vale-ser/consulta, /arte-de-amarte/consulta): one screen, each workshop's own fields. */
export default function WorkshopInquiryPage({ workshop = '' }: { workshop?: string }) {
  const slug = workshopOf(workshop);
  const w = workshops[slug];
  const title = p.inquiryTitle(w.title);
  return (
    <PageFrame title={title} intro={<p>{w.summary}</p>}>
      <FormSection
        id="consulta"
        title="Envíanos tu consulta"
        intro={w.inquiryIntro}
        aside={
          <>
            <dl className="type-list">
              {w.facts.map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
            <p>
              <AppLink to={`/${slug}`}>{p.back(w.title)}</AppLink>
            </p>
          </>
        }
      >
        {slug === 'arte-de-amarte' ? <ArteDeAmarteForm title={title} /> : <ValeSerForm title={title} />}
      </FormSection>
    </PageFrame>
  );
}
