/** Every sentence the interface shows that is not a label in place: one catalogue, es-DO. */
export const messages = {
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
  },
  profile: {
    mismatch: 'Las nuevas contraseñas no coinciden.',
    changed: 'Contraseña actualizada correctamente.',
    changeFailed: 'Error al cambiar la contraseña. Verifique su contraseña actual.',
  },
  denied: { title: 'Acceso Denegado', text: 'No tienes permisos para acceder a esta página.' },
  notFound: 'Página no encontrada',
  comingSoon: 'Esta sección estará disponible próximamente.',
  categories: {
    loadError: 'Error al cargar las categorías.',
    saveError: 'Error al guardar la categoría.',
    deleteError: 'Error al eliminar la categoría.',
    empty: 'No hay categorías. Crea la primera con el formulario.',
    created: 'Categoría creada.',
    updated: 'Categoría actualizada.',
    deleted: 'Categoría eliminada.',
    confirmDelete: (name: string) => `¿Eliminar la categoría «${name}»? Esta acción no se puede deshacer.`,
  },
  setup: {
    done: 'La configuración inicial ya se completó.',
    created: 'Administrador creado. Ya puedes iniciar sesión.',
    mismatch: 'Las contraseñas no coinciden.',
  },
} as const;
