// Fixed texts of the spec for the payment's result pages: a copy change is one edit here.

/** The account created after an approved payment (spec §4 Success page account creation). */
export const accountFromPaymentTexts = {
  creating: 'Creando tu cuenta...',
  createdTitle: 'Creamos tu cuenta',
  createdLead: 'Con ella podrás ver tus cursos y descargar tu certificado de inscripción en Mis Cursos.',
  email: 'Correo electrónico',
  password: 'Contraseña temporal',
  saveWarning:
    'Guarda estos datos ahora: por tu seguridad no volveremos a mostrar la contraseña temporal ni la enviaremos por correo. Al ingresar te pediremos cambiarla por una nueva.',
  login: 'Iniciar sesión',
  exists: 'Ya existe una cuenta para esta inscripción. Ingresa con tu correo.',
  failed: 'No pudimos crear tu cuenta en este momento. Puedes crearla tú mismo con el mismo correo.',
  register: 'Crear mi cuenta',
} as const;
