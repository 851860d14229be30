import '../state/submissions-slice';
import '../community.css';
import { documentTypes } from 'shared/schemas/common';
import { communityTexts, volunteerSchema } from 'shared/schemas/community';
import { SelectField, SubmitButton, TextAreaField, TextField } from 'shared/ui/form';
import { PageFrame } from 'shared/ui/page-frame';
import { useZodForm } from 'shared/ui/use-zod-form';
import { FeatureCards, FormSection, PrivacyNote } from '../components/page-parts';
import { SendAnotherButton, StoredMessage, SubmissionForm, useSubmission } from '../components/submission';
import { formTexts, optionalMark, volunteerTexts as t } from '../texts';

/** Volunteer form (spec §3 Volunteer): stored by the community API, which answers the volunteer_id. */
export default function VolunteerPage() {
  const form = useZodForm(volunteerSchema, { shouldFocusError: false });
  const { register, formState } = form;
  const e = formState.errors;
  const submission = useSubmission(form, {
    form: 'volunteer',
    path: '/api/community/volunteers',
    idOf: (a: { volunteer_id?: string }) => a.volunteer_id,
    failed: communityTexts.registrationFailed,
    network: communityTexts.registrationNetwork,
  });

  return (
    <PageFrame
      title={t.title}
      intro={
        <>
          <p>{t.intro}</p>
          <p className="hero-actions">
            <a className="btn btn--light" href="#quiero-ser-voluntario">
              {t.cta}
            </a>
          </p>
        </>
      }
    >
      <h2>{t.whyTitle}</h2>
      <FeatureCards items={t.why} />

      <FormSection id="quiero-ser-voluntario" title={t.formTitle} intro={t.formIntro}>
        <SubmissionForm
          form={form}
          submission={submission}
          label={t.formTitle}
          stored={(outcome) => (
            <StoredMessage
              title={communityTexts.registrationSuccess(outcome.id)}
              action={
                <SendAnotherButton
                  onClick={() => {
                    form.reset();
                    submission.reset();
                  }}
                />
              }
            >
              <p>{t.successNext}</p>
            </StoredMessage>
          )}
        >
          <div className="form-grid">
            <TextField
              label="Nombres"
              required
              autoComplete="given-name"
              error={e.volunteer_name?.message}
              {...register('volunteer_name')}
            />
            <TextField
              label="Apellidos"
              required
              autoComplete="family-name"
              error={e.volunteer_lastname?.message}
              {...register('volunteer_lastname')}
            />
            <SelectField label="Tipo de documento" required options={documentTypes} error={e.id_type?.message} {...register('id_type')} />
            <TextField label="Número de documento" required inputMode="numeric" error={e.id_number?.message} {...register('id_number')} />
            <TextField label="Edad" required inputMode="numeric" maxLength={3} error={e.age?.message} {...register('age')} />
            <TextField
              label="Teléfono"
              required
              type="tel"
              autoComplete="tel"
              error={e.phone_number?.message}
              {...register('phone_number')}
            />
            <TextField
              label="Correo electrónico"
              required
              type="email"
              autoComplete="email"
              error={e.email?.message}
              {...register('email')}
            />
            <TextField label="Dirección" required autoComplete="street-address" error={e.address?.message} {...register('address')} />
          </div>
          <TextField
            label={`Institución educativa o empresa ${optionalMark}`}
            autoComplete="organization"
            error={e.institution?.message}
            {...register('institution')}
          />
          <TextAreaField label="¿Por qué quieres ser voluntario?" required error={e.purposes?.message} {...register('purposes')} />
          <TextAreaField
            label="¿Qué actividades te gustaría realizar?"
            required
            hint="Por ejemplo: clases de programación, mentorías, apoyo en eventos o tareas administrativas."
            error={e.activities?.message}
            {...register('activities')}
          />
          <div className="form-actions">
            <SubmitButton busy={submission.busy} className="btn btn--accent" busyLabel={formTexts.sending}>
              {t.cta}
            </SubmitButton>
          </div>
          <PrivacyNote />
        </SubmissionForm>
      </FormSection>
    </PageFrame>
  );
}
