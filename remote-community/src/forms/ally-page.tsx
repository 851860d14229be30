import '../state/submissions-slice';
import '../community.css';
import { adultDocumentTypes } from 'shared/schemas/common';
import { allySchema } from './schemas';
import { SelectField, TextAreaField, TextField } from 'shared/ui/form';
import { useOperationCall } from 'shared/api/use-operation';
import { formsOperations } from './operations';
import { RegistrationForm, RegistrationScreen, useRegistration } from '../components/registration-screen';
import { allyTexts as t, optionalMark } from './texts';
import { allyConsent } from '../../manifest/consent';

/** Allied-company form (spec §3 Corporation ally): the representative's document excludes Tarjeta de identidad. */
export default function AllyPage() {
  return <RegistrationScreen texts={t} anchor="registra-tu-empresa" features={{ title: t.waysTitle, items: t.ways }} Form={AllyForm} />;
}

/** The island of the page (shared/islands `useFormIsland`): every hook of the form is here, so none runs before it hydrates. */
function AllyForm() {
  const registerAlly = useOperationCall(formsOperations.registerAlly);
  const { form, submission, field } = useRegistration(allySchema, {
    form: 'ally',
    send: (body) => registerAlly({ body }),
    idOf: (a) => a.corporation_id,
  });

  return (
    <RegistrationForm consent={allyConsent} texts={t} form={form} submission={submission}>
      <fieldset className="choice-group">
        <legend>Datos de la empresa</legend>
        <div className="form-grid">
          <TextField label="Nombre de la empresa" required autoComplete="organization" {...field('corporation_name')} />
          <TextField label="Teléfono de la empresa" required type="tel" {...field('corp_phone_number')} />
        </div>
      </fieldset>
      <fieldset className="choice-group">
        <legend>Representante</legend>
        <div className="form-grid">
          <TextField label="Nombres" required autoComplete="given-name" {...field('representative_name')} />
          <TextField label="Apellidos" required autoComplete="family-name" {...field('representative_lastname')} />
          <SelectField label="Tipo de documento" required options={adultDocumentTypes} {...field('id_type')} />
          <TextField label="Número de documento" required inputMode="numeric" {...field('id_number')} />
          <TextField label="Correo electrónico" required type="email" autoComplete="email" {...field('email')} />
          <TextField label="Teléfono del representante" required type="tel" autoComplete="tel" {...field('rep_phone_number')} />
        </div>
      </fieldset>
      <TextAreaField
        label={`¿Cómo te gustaría aliarte? ${optionalMark}`}
        hint="Cuéntanos si te interesan prácticas, vacantes, becas o voluntariado corporativo."
        {...field('reviews')}
      />
    </RegistrationForm>
  );
}
