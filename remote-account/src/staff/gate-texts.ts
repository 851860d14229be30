/** The panel's door (sign-in, authenticator), in plain Spanish for the foundation's team; its own module so each
 * screen's chunk carries only its own words. */
export const gateTexts = {
  title: 'Panel de la fundación',
  intro: 'Espacio de trabajo del equipo. Para entrar necesitas tu contraseña y el código de tu aplicación autenticadora.',
  checking: 'Comprobando tu sesión…',
  signInTitle: 'Inicia sesión',
  signInSubmit: 'Ingresar',
  signInBusy: 'Ingresando…',
  signedOut: 'Cerraste sesión en el panel.',
  sessionEnded: 'Tu sesión terminó. Inicia sesión de nuevo para continuar.',
  forgotLink: '¿Olvidaste tu contraseña?',
  forgotTitle: 'Recupera tu contraseña del panel',
  forgotIntro:
    'Escribe el correo con el que entras al panel. Si tiene una cuenta, le enviaremos un código para crear una contraseña nueva. Tu aplicación autenticadora no cambia: la seguirás necesitando para entrar.',
  forgotSubmit: 'Enviar código',
  resetTitle: 'Crea una contraseña nueva',
  resetIntro: (email: string) =>
    `Si ${email} tiene una cuenta, le enviamos un código de 6 dígitos (revisa también la carpeta de spam). Escríbelo junto con tu nueva contraseña.`,
  resetSubmit: 'Cambiar contraseña',
  resetDone:
    'Cambiamos tu contraseña: las sesiones que tenías abiertas en el panel ya no sirven. Inicia sesión con la nueva y el código de tu aplicación autenticadora.',
  lostPhone:
    '¿Perdiste o cambiaste el celular con la aplicación? Pide a un administrador del equipo que restablezca tu verificación en dos pasos.',
  newPasswordTitle: 'Crea tu contraseña',
  newPasswordIntro: 'Entraste con una contraseña temporal. Escoge la que usarás de ahora en adelante.',
  newPasswordSubmit: 'Guardar contraseña',
  backToSignIn: 'Volver a iniciar sesión',
  codeTitle: 'Código de verificación',
  codeIntro: 'Abre tu aplicación autenticadora y escribe el código de 6 dígitos que muestra para el panel de la fundación.',
  codeLabel: 'Código de 6 dígitos',
  codeSubmit: 'Verificar',
  codeBusy: 'Verificando…',
  notStaffTitle: 'Esta cuenta no pertenece al equipo',
  notStaffIntro: (email: string | null) =>
    `${email ? `La cuenta ${email}` : 'Esta cuenta'} no tiene acceso al panel. Si trabajas en la fundación, pide a un administrador que te invite; si no, cierra sesión.`,
  signOut: 'Cerrar sesión',
  signingOut: 'Cerrando sesión…',
  unavailableTitle: 'No pudimos abrir el panel',
  retry: 'Intentar de nuevo',
  setupTitle: 'Configura la verificación en dos pasos',
  setupIntro:
    'Para proteger los datos de las personas que atiende la fundación, el panel pide además de tu contraseña un código que cambia cada 30 segundos.',
  setupStep1: 'Instala en tu celular una aplicación autenticadora (por ejemplo Google Authenticator, Microsoft Authenticator o FreeOTP).',
  setupStep2: 'En la aplicación, agrega una cuenta y escanea este código QR.',
  setupManual: '¿No puedes escanear? Escribe esta clave en la aplicación (tipo «basada en el tiempo»):',
  setupStep3: 'Escribe el código de 6 dígitos que muestra la aplicación.',
  setupLoading: 'Preparando la configuración…',
  setupFailed: 'No pudimos activar la verificación en dos pasos. Inténtalo de nuevo.',
  openInApp: '¿Estás en el celular que tiene la aplicación? Ábrela desde aquí',
  setupSubmit: 'Activar la verificación',
  setupBusy: 'Activando…',
  qrLabel: (email: string) => `Código QR para agregar ${email} a tu aplicación autenticadora`,
  secretLabel: 'Clave para escribir a mano',
  copySecret: 'Copiar clave',
  copied: 'Clave copiada.',
  signInAgain:
    'Por seguridad cerramos las sesiones anteriores de tu cuenta. Inicia sesión de nuevo con tu contraseña y el código de tu aplicación autenticadora.',
  secondFactorReady:
    'Listo: la verificación en dos pasos quedó activa y cerramos las sesiones anteriores de tu cuenta. Inicia sesión de nuevo con tu contraseña y el código que muestra ahora tu aplicación.',
  emailChangedTitle: 'Tu acceso al panel está suspendido',
  invitationLoading: 'Revisando tu invitación…',
  invitationTitle: 'Acepta tu invitación al equipo',
  invitationMissing:
    'Este enlace no trae la invitación completa. Ábrelo desde el botón del correo o copia el enlace entero; si ya no funciona, pide una invitación nueva.',
  invitationIntro: (email: string, roles: string, by: string | null, until: string) =>
    `${by ? `${by} te invitó` : 'Te invitaron'} al panel de la fundación como ${email}, con el rol de ${roles}. Elige tu contraseña para aceptar (el enlace sirve hasta el ${until} y una sola vez). Después configurarás la verificación en dos pasos.`,
  invitationExistingAccount:
    'Este correo ya tiene una cuenta en el sitio. Al aceptar, la contraseña que elijas será la nueva de esa cuenta y cerraremos todas sus sesiones abiertas; tus cursos y donaciones no cambian.',
  invitationName: 'Tu nombre',
  invitationSubmit: 'Aceptar y crear mi contraseña',
  invitationBusy: 'Aceptando…',
  invitationAccepted: 'Aceptaste la invitación. Ahora configura la verificación en dos pasos.',
} as const;
