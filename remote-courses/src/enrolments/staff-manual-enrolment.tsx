import 'shared/ui/staff/screens.css';
import { useMemo, useState } from 'react';
import { isSessionEnded } from 'shared/api/staff-client';
import { consentChannels, offlineConsentChannels } from 'shared/legal/consent-channels';
import { useOperationCall } from 'shared/api/use-operation';
import { AppLink } from 'shared/navigation';
import { paymentTypeLabel } from 'shared/payments/ledger';
import { documentTypes, educationLevels, occupations } from 'shared/schemas/common';
import { staffPath } from 'shared/staff-routes';
import { AuthorizationText } from 'shared/ui/consent';
import { SubmitErrors } from 'shared/ui/error-summary';
import { SelectField, SubmitButton, TextAreaField, TextField } from 'shared/ui/form';
import { messageOf, Notice } from 'shared/ui/staff/kit';
import { ResourceState, resourceTexts, useStaffResource } from 'shared/ui/staff/resource';
import { failed, fieldsOf, sent, SubmissionForm, useFormSubmission } from 'shared/ui/submission-form';
import { useZodForm } from 'shared/ui/use-zod-form';
import { enrolmentTexts } from '../enrolment/schemas';
import { manualEnrolmentConsent } from '../../manifest/consent';
import { manualEnrolmentOperations as ops } from './manual-operations';
import {
  manualEnrolmentRequestSchema,
  manualKinds,
  outsidePaymentMeans,
  type ManualEnrolmentRequest,
  type ManualEnrolmentResponse,
  type ManualOptionsResponse,
} from './manual-schemas';

export const staffManualEnrolmentTexts = {
  back: 'Volver a las inscripciones',
  title: 'Nueva inscripción manual',
  intro:
    'Para un estudiante con beca o que pagó fuera del sitio (transferencia o efectivo). Toma un cupo de la cohorte, queda como Inscrito y el estudiante recibe el mismo correo de acceso que quien paga en línea; con ese correo ve el curso en Mis Cursos.',
  loading: 'Cargando cursos y cohortes…',
  failed: 'No pudimos cargar los cursos y las cohortes.',
  ...resourceTexts,
  courseTitle: 'Curso y cohorte',
  studentTitle: 'Datos del estudiante',
  originTitle: 'Origen de la inscripción',
  authorizationTitle: 'Autorización de datos personales',
  authorizationIntro:
    'El estudiante no llena el formulario del sitio: léele o entrégale esta autorización y registra cómo la dio. Guarda el formulario firmado, su correo o la grabación: son la prueba.',
  authorizationChannel: 'Cómo autorizó el estudiante',
  course: 'Curso',
  module: 'Módulo',
  cohort: 'Cohorte',
  cohortHint: 'Solo las cohortes abiertas que no han empezado y tienen cupo.',
  noCohorts: 'Este curso no tiene cohortes abiertas con cupo. Crea una o amplía sus cupos en Cursos.',
  cohortOption: (label: string, left: number) => `${label} (${left === 1 ? 'queda 1 cupo' : `quedan ${left} cupos`})`,
  kind: 'Cómo se inscribe',
  reason: 'Motivo de la beca',
  reasonHint: 'Entre 10 y 500 caracteres. Queda en la inscripción y en la auditoría.',
  reference: 'Referencia del pago',
  referenceHint: 'El número de la transferencia o del recibo de caja.',
  means: 'Cómo llegó el dinero',
  amount: 'Valor recibido (COP)',
  amountHint: 'En pesos, sin decimales. Va a la factura electrónica de la venta.',
  submit: 'Inscribir y enviar el correo de acceso',
  submitting: 'Inscribiendo…',
  sendFailed: 'No pudimos inscribir al estudiante.',
  done: (email: string) => `Inscripción creada. Enviamos el correo de acceso a ${email}.`,
  openRecord: 'Ver la inscripción',
  another: 'Inscribir a otro estudiante',
} as const;
const t = staffManualEnrolmentTexts;

const empty: ManualEnrolmentRequest = {
  course_name: '' as ManualEnrolmentRequest['course_name'],
  module_name: '',
  cohort_id: '',
  student_name: '',
  student_name_second: '',
  student_lastname: '',
  student_second_lastname: '',
  id_type: '' as ManualEnrolmentRequest['id_type'],
  id_number: '',
  phone_number: '',
  email: '',
  profession: '' as ManualEnrolmentRequest['profession'],
  education: '' as ManualEnrolmentRequest['education'],
  kind: 'scholarship',
  reason: '',
  reference: '',
  amount: '',
  payment_means: '',
  data_authorization_channel: '',
};

/** The form, once the catalogue and the open cohorts are known. */
function ManualEnrolmentForm({ options, onDone }: { options: ManualOptionsResponse; onDone: (answer: ManualEnrolmentResponse) => void }) {
  const create = useOperationCall(ops.createManualEnrolment);
  const form = useZodForm(manualEnrolmentRequestSchema, { defaultValues: empty });
  const field = fieldsOf(form);
  const course = form.watch('course_name');
  const kind = form.watch('kind');
  const chosen = options.courses.find((c) => c.slug === course);
  const cohorts = options.cohorts.filter((c) => c.course === course);

  const submission = useFormSubmission(form, async (values) => {
    // Only what the kind asks for is sent: a scholarship's reason, or the payment's reference and amount.
    const { reason, reference, amount, payment_means, ...rest } = values;
    const body: ManualEnrolmentRequest = {
      ...rest,
      cohort_id: String(values.cohort_id),
      ...(values.kind === 'scholarship' ? { reason } : { reference, amount, payment_means }),
    };
    const result = await create({ body });
    if (isSessionEnded(result)) return failed(t.sessionEnded);
    if (result.kind !== 'ok')
      return failed(messageOf(result, t.network, t.sendFailed), { fields: result.kind === 'error' ? result.fields : undefined });
    onDone(result.data);
    return sent(result.data);
  });

  // Another course has other modules and cohorts: the ones chosen for the first are forgotten.
  const courseField = field('course_name', {
    onChange: () => {
      form.setValue('module_name', '');
      form.setValue('cohort_id', '');
    },
  });

  return (
    <SubmissionForm
      className="form card"
      honeypot={false}
      submission={submission}
      aria-labelledby="manual-titulo"
      summary={<SubmitErrors form={form} submission={submission} title={enrolmentTexts.errorsTitle} />}
      failure={(f) => <Notice key={submission.failures} className="staff-notice" kind="error" text={f.text} />}
    >
      <fieldset>
        <legend>{t.courseTitle}</legend>
        <div className="form-grid">
          <SelectField
            label={t.course}
            required
            options={options.courses.map((c) => ({ value: c.slug, label: c.title }))}
            {...courseField}
          />
          <SelectField
            label={t.module}
            required
            disabled={!chosen}
            options={chosen?.modules.map((m) => ({ value: m, label: m })) ?? []}
            {...field('module_name')}
          />
          <SelectField
            label={t.cohort}
            required
            hint={chosen && cohorts.length === 0 ? t.noCohorts : t.cohortHint}
            disabled={!chosen || cohorts.length === 0}
            options={cohorts.map((c) => ({ value: String(c.id), label: t.cohortOption(c.label, c.seatsLeft) }))}
            {...field('cohort_id')}
          />
        </div>
      </fieldset>

      <fieldset>
        <legend>{t.studentTitle}</legend>
        <div className="form-grid">
          <TextField label="Primer nombre" required autoComplete="off" {...field('student_name')} />
          <TextField label="Segundo nombre" autoComplete="off" {...field('student_name_second')} />
          <TextField label="Primer apellido" required autoComplete="off" {...field('student_lastname')} />
          <TextField label="Segundo apellido" autoComplete="off" {...field('student_second_lastname')} />
          <SelectField label="Tipo de documento" required options={documentTypes} {...field('id_type')} />
          <TextField label="Número de documento" required autoComplete="off" {...field('id_number')} />
          <TextField label="Teléfono" required type="tel" autoComplete="off" {...field('phone_number')} />
          <TextField label="Correo electrónico" required type="email" autoComplete="off" {...field('email')} />
          <SelectField label="Ocupación" required options={occupations} {...field('profession')} />
          <SelectField label="Nivel educativo" required options={educationLevels} {...field('education')} />
        </div>
      </fieldset>

      <fieldset>
        <legend>{t.originTitle}</legend>
        <div className="form-grid">
          <SelectField
            label={t.kind}
            required
            placeholder={null}
            options={Object.entries(manualKinds).map(([value, label]) => ({ value, label }))}
            {...field('kind')}
          />
          {kind === 'scholarship' ? (
            <TextAreaField label={t.reason} hint={t.reasonHint} required rows={3} maxLength={500} {...field('reason')} />
          ) : (
            <>
              <TextField label={t.reference} hint={t.referenceHint} required autoComplete="off" maxLength={60} {...field('reference')} />
              <SelectField
                label={t.means}
                required
                options={outsidePaymentMeans.map((value) => ({ value, label: paymentTypeLabel(value) }))}
                {...field('payment_means')}
              />
              <TextField label={t.amount} hint={t.amountHint} required inputMode="numeric" autoComplete="off" {...field('amount')} />
            </>
          )}
        </div>
      </fieldset>

      <fieldset>
        <legend>{t.authorizationTitle}</legend>
        <p className="field-hint">{t.authorizationIntro}</p>
        <blockquote className="form-privacy">
          <AuthorizationText form={manualEnrolmentConsent} />
        </blockquote>
        <div className="form-grid">
          <SelectField
            label={t.authorizationChannel}
            required
            options={offlineConsentChannels.map((value) => ({ value, label: consentChannels[value] }))}
            {...field('data_authorization_channel')}
          />
        </div>
      </fieldset>

      <p className="staff-filters__actions">
        <SubmitButton busy={submission.busy} busyLabel={t.submitting}>
          {t.submit}
        </SubmitButton>
      </p>
    </SubmissionForm>
  );
}

/**
 * `courses/StaffManualEnrolment` (`/equipo/inscripciones/nueva`, Cursos): enrols a student with a scholarship or a
 * payment received outside the site — course, module and an open cohort with seats, the student's data as the public
 * form asks for it (the same rules and messages), and the reason or the payment's reference and amount.
 */
export default function StaffManualEnrolment() {
  const getOptions = useOperationCall(ops.manualEnrolmentOptions);
  const resource = useStaffResource(
    useMemo(() => ({ load: () => getOptions() }), [getOptions]),
    t,
  );
  const [done, setDone] = useState<ManualEnrolmentResponse | null>(null);
  // A new form after each enrolment (and fresh seats for it).
  const [round, setRound] = useState(0);

  return (
    <section className="staff-screen" aria-labelledby="manual-titulo">
      <p>
        <AppLink to="/equipo/inscripciones">{t.back}</AppLink>
      </p>
      <header>
        <h1 id="manual-titulo">{t.title}</h1>
        <p className="staff-screen__intro">{t.intro}</p>
      </header>
      <ResourceState resource={resource} loading={t.loading} />
      {done ? (
        <>
          <Notice className="staff-notice" text={t.done(done.sentTo)} />
          <p className="staff-filters__actions">
            <AppLink className="btn" to={staffPath('/equipo/inscripciones/:reference', { reference: done.reference })}>
              {t.openRecord}
            </AppLink>
            <button
              type="button"
              className="btn btn--ghost"
              onClick={() => {
                setDone(null);
                setRound((n) => n + 1);
                void resource.refresh();
              }}
            >
              {t.another}
            </button>
          </p>
        </>
      ) : resource.data ? (
        <ManualEnrolmentForm key={round} options={resource.data} onDone={setDone} />
      ) : null}
    </section>
  );
}
