/**
 * The sentences of the app's frame and first screens (session, login, denied, not found). Apart from
 * the full catalogue so the login screen does not download every screen's messages; `messages`
 * (messages.ts) includes all of them, so screens keep using `messages`.
 */
export const shellMessages = {
  loading: 'Cargando...',
  sessionExpired: 'Tu sesión ha expirado. Por favor, inicia sesión nuevamente.',
  sessionIdle: 'Tu sesión ha expirado por inactividad. Por favor, inicia sesión nuevamente.',
  csrfError: 'Error obteniendo el token CSRF.',
  csrfMissing: 'No se encontró token CSRF. Inicia sesión nuevamente.',
  networkError: 'No se pudo conectar con el servidor. Revisa tu conexión e inténtalo de nuevo.',
  login: {
    title: 'Iniciar Sesión',
    tooMany: 'Demasiados intentos fallidos. Intente de nuevo en 10 minutos.',
    failed: 'Credenciales incorrectas. Inténtalo de nuevo.',
    forgot: '¿Olvidaste tu contraseña?',
    passwordSaved: 'Tu contraseña quedó guardada. Inicia sesión con ella.',
    /** An empty database (issue 30 §4): where the first administrator comes from. */
    needsSetupTitle: 'Evalúa todavía no tiene administrador',
    needsSetup:
      'El primer administrador se crea con el enlace de configuración que el servidor escribió al iniciar (en su consola o en su registro; sirve una sola vez). Ábrelo para empezar; quien instaló Evalúa puede dártelo.',
  },
  denied: { title: 'Acceso Denegado', text: 'No tienes permisos para acceder a esta página.' },
  notFound: 'Página no encontrada',
};
