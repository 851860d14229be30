import '../state/submissions-slice';
import '../community.css';
import { adultDocumentTypes } from 'shared/schemas/common';
import { allySchema, communityTexts } from 'shared/schemas/community';
import { SelectField, SubmitButton, TextAreaField, TextField } from 'shared/ui/form';
import { PageFrame } from 'shared/ui/page-frame';
import { useZodForm } from 'shared/ui/use-zod-form';
import { FeatureCards, FormSection, PrivacyNote } from '../components/page-parts';
import { SendAnotherButton, StoredMessage, SubmissionForm, useSubmission } from '../components/submission';
import { allyTexts as t, formTexts, optionalMark } from '../texts';

/** Allied-company form (spec §3 Corporation ally): the representative's document excludes Tarjeta de identidad. */
export default function AllyPage() {
  const form = useZodForm(allySchema, { shouldFocusError: false });
  const { register, formState } = form;
  const e = formState.errors;
  const submission = useSubmission(form, {
    form: 'ally',
    path: '/api/community/allies',
    idOf: (a: { corporation_id?: string }) => a.corporation_id,
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
            <a className="btn btn--light" href="#registra-tu-empresa">
              {t.cta}
            </a>
          </p>
        </>
      }
    >
      <h2>{t.waysTitle}</h2>
      <FeatureCards items={t.ways} />

      <FormSection id="registra-tu-empresa" title={t.formTitle} intro={t.formIntro}>
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
          <fieldset className="choice-group">
            <legend>Datos de la empresa</legend>
            <div className="form-grid">
              <TextField
                label="Nombre de la empresa"
                required
                autoComplete="organization"
                error={e.corporation_name?.message}
                {...register('corporation_name')}
              />
              <TextField
                label="Teléfono de la empresa"
                required
                type="tel"
                error={e.corp_phone_number?.message}
                {...register('corp_phone_number')}
              />
            </div>
          </fieldset>
          <fieldset className="choice-group">
            <legend>Representante</legend>
            <div className="form-grid">
              <TextField
                label="Nombres"
                required
                autoComplete="given-name"
                error={e.representative_name?.message}
                {...register('representative_name')}
              />
              <TextField
                label="Apellidos"
                required
                autoComplete="family-name"
                error={e.representative_lastname?.message}
                {...register('representative_lastname')}
              />
              <SelectField
                label="Tipo de documento"
                required
                options={adultDocumentTypes}
                error={e.id_type?.message}
                {...register('id_type')}
              />
              <TextField label="Número de documento" required inputMode="numeric" error={e.id_number?.message} {...register('id_number')} />
              <TextField
                label="Correo electrónico"
                required
                type="email"
                autoComplete="email"
                error={e.email?.message}
                {...register('email')}
              />
              <TextField
                label="Teléfono del representante"
                required
                type="tel"
                autoComplete="tel"
                error={e.rep_phone_number?.message}
                {...register('rep_phone_number')}
              />
            </div>
          </fieldset>
          <TextAreaField
            label={`¿Cómo te gustaría aliarte? ${optionalMark}`}
            hint="Cuéntanos si te interesan prácticas, vacantes, becas o voluntariado corporativo."
            error={e.reviews?.message}
            {...register('reviews')}
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
