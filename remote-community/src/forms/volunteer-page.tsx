import '../state/submissions-slice';
import '../community.css';
import { documentTypes } from 'shared/schemas/common';
import { volunteerSchema } from './schemas';
import { SelectField, TextAreaField, TextField } from 'shared/ui/form';
import { useOperationCall } from 'shared/api/use-operation';
import { formsOperations } from './operations';
import { RegistrationForm, RegistrationScreen, useRegistration } from '../components/registration-screen';
import { optionalMark, volunteerTexts as t } from './texts';
import { volunteerConsent } from '../../manifest/consent';

/** Volunteer form (spec §3 Volunteer): stored by the community API, which answers the volunteer_id. */
export default function VolunteerPage() {
  return (
    <RegistrationScreen texts={t} anchor="quiero-ser-voluntario" features={{ title: t.whyTitle, items: t.why }} Form={VolunteerForm} />
  );
}

/** The island of the page (shared/islands `useFormIsland`): every hook of the form is here, so none runs before it hydrates. */
function VolunteerForm() {
  const registerVolunteer = useOperationCall(formsOperations.registerVolunteer);
  const { form, submission, field } = useRegistration(volunteerSchema, {
    form: 'volunteer',
    send: (body) => registerVolunteer({ body }),
    idOf: (a) => a.volunteer_id,
  });

  return (
    <RegistrationForm consent={volunteerConsent} texts={t} form={form} submission={submission}>
      <div className="form-grid">
        <TextField label="Nombres" required autoComplete="given-name" {...field('volunteer_name')} />
        <TextField label="Apellidos" required autoComplete="family-name" {...field('volunteer_lastname')} />
        <SelectField label="Tipo de documento" required options={documentTypes} {...field('id_type')} />
        <TextField label="Número de documento" required inputMode="numeric" {...field('id_number')} />
        <TextField label="Edad" required inputMode="numeric" maxLength={3} {...field('age')} />
        <TextField label="Teléfono" required type="tel" autoComplete="tel" {...field('phone_number')} />
        <TextField label="Correo electrónico" required type="email" autoComplete="email" {...field('email')} />
        <TextField label="Dirección" required autoComplete="street-address" {...field('address')} />
      </div>
      <TextField label={`Institución educativa o empresa ${optionalMark}`} autoComplete="organization" {...field('institution')} />
      <TextAreaField label="¿Por qué quieres ser voluntario?" required {...field('purposes')} />
      <TextAreaField
        label="¿Qué actividades te gustaría realizar?"
        required
        hint="Por ejemplo: clases de programación, mentorías, apoyo en eventos o tareas administrativas."
        {...field('activities')}
      />
    </RegistrationForm>
  );
}
