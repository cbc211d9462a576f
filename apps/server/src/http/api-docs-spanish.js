/* global document, MutationObserver, Node, NodeFilter */
/**
 * Swagger UI in Spanish. Swagger UI has no translations of its own: this script, which api-docs.ts
 * serves after Swagger UI's bundle (a file of this origin, as the page's CSP requires), rewrites the
 * fixed English texts Swagger UI renders — buttons, headings, labels, tooltips, validation messages —
 * from the dictionary below, as React renders or changes them (a MutationObserver on the page).
 *
 * Only whole texts are replaced, and only known ones: the document's own texts (already in Spanish),
 * parameter names, paths, examples, code and typed values are never touched.
 */
(function () {
  'use strict';

  /** Swagger UI's English text (trimmed) → its Spanish. */
  const TEXTS = {
    // Operations and "Probar".
    'Try it out': 'Probar',
    Cancel: 'Cancelar',
    Execute: 'Ejecutar',
    Clear: 'Limpiar',
    Reset: 'Restablecer',
    Parameters: 'Parámetros',
    'No parameters': 'Sin parámetros',
    Name: 'Nombre',
    Description: 'Descripción',
    'Request body': 'Cuerpo de la solicitud',
    Responses: 'Respuestas',
    Code: 'Código',
    Details: 'Detalles',
    Links: 'Enlaces',
    'No links': 'Sin enlaces',
    Callbacks: 'Retrollamadas',
    'No callbacks': 'Sin retrollamadas',
    'Media type': 'Tipo de contenido',
    'Media Type': 'Tipo de contenido',
    Controls: 'Define la cabecera',
    'header.': '.',
    'Request content type': 'Tipo de contenido de la solicitud',
    'Response content type': 'Tipo de contenido de la respuesta',
    'Parameter content type': 'Tipo de contenido del parámetro',
    'Example Value': 'Valor de ejemplo',
    'Edit Value': 'Editar valor',
    Schema: 'Esquema',
    Schemas: 'Esquemas',
    Example: 'Ejemplo',
    Examples: 'Ejemplos',
    'Examples:': 'Ejemplos:',
    'Example Description': 'Descripción del ejemplo',
    'Available values': 'Valores permitidos',
    'Default value': 'Valor predeterminado',
    'Send empty value': 'Enviar valor vacío',
    required: 'obligatorio',
    deprecated: 'obsoleto',
    'Deprecated:': 'Obsoleto:',
    Warning: 'Aviso',
    Headers: 'Cabeceras',
    'Headers:': 'Cabeceras:',
    Servers: 'Servidores',
    'Server variables': 'Variables del servidor',
    'Computed URL:': 'URL resultante:',
    // The answer of an executed call.
    'Request URL': 'URL de la solicitud',
    'Server response': 'Respuesta del servidor',
    'Response body': 'Cuerpo de la respuesta',
    'Response headers': 'Cabeceras de la respuesta',
    'Request duration': 'Duración de la solicitud',
    Undocumented: 'No documentada',
    Download: 'Descargar',
    'Download file': 'Descargar archivo',
    'Failed to fetch.': 'No se pudo completar la solicitud.',
    'Possible Reasons:': 'Posibles causas:',
    'Network Failure': 'Fallo de la red',
    'URL scheme must be "http" or "https" for CORS request.':
      'La URL debe empezar por "http" o "https" en una solicitud CORS.',
    'Unrecognized response type; displaying content as text.':
      'Tipo de respuesta desconocido: el contenido se muestra como texto.',
    'Unrecognized response type; unable to display.': 'Tipo de respuesta desconocido: no se puede mostrar.',
    // Authorisation.
    Authorize: 'Autorizar',
    Authorized: 'Autorizado',
    'Available authorizations': 'Autorizaciones disponibles',
    'Apply credentials': 'Aplicar credenciales',
    'Remove authorization': 'Quitar autorización',
    'authorization button unlocked': 'Autorización sin aplicar',
    'authorization button locked': 'Autorización aplicada',
    Logout: 'Quitar',
    Close: 'Cerrar',
    'Name:': 'Nombre:',
    'In:': 'Ubicación:',
    'Value:': 'Valor:',
    // Page, filter, copy buttons, schemas.
    'Filter by tag or path': 'Filtrar por etiqueta o ruta',
    'No operations defined in spec!': 'No hay operaciones que mostrar.',
    'Expand operation': 'Desplegar operación',
    'Collapse operation': 'Plegar operación',
    'Expand all': 'Desplegar todo',
    'Collapse all': 'Plegar todo',
    Show: 'Mostrar',
    Hide: 'Ocultar',
    'Copy path to clipboard': 'Copiar la ruta al portapapeles',
    'Copy cURL command to clipboard': 'Copiar el comando cURL al portapapeles',
    'Copy code to clipboard': 'Copiar el código al portapapeles',
    'Copy request snippet to clipboard': 'Copiar el fragmento de la solicitud al portapapeles',
    'Additional properties': 'Propiedades adicionales',
    'Unevaluated properties': 'Propiedades no evaluadas',
    'Unevaluated items': 'Elementos no evaluados',
    'Prefix items': 'Elementos iniciales',
    Items: 'Elementos',
    'Property names': 'Nombres de las propiedades',
    'Dependent schemas': 'Esquemas dependientes',
    'Content schema': 'Esquema del contenido',
    'All of': 'Todos estos',
    'Any of': 'Alguno de estos',
    'One of': 'Uno de estos',
    Extensions: 'Extensiones',
    'Failed to load API definition.': 'No se pudo cargar la definición de la API.',
    'Unable to render this definition': 'No se puede mostrar esta definición',
    'Terms of service': 'Condiciones del servicio',
    // Validation of what is typed before "Ejecutar".
    'Please correct the following validation errors and try again.':
      'Corrige los siguientes errores y vuelve a intentarlo.',
    'Required field is not provided': 'Falta este dato obligatorio',
    'Required field is not provided.': 'Falta este dato obligatorio.',
    'Value must be a number': 'Debe ser un número',
    'Value must be an integer': 'Debe ser un número entero',
    'Value must be a string': 'Debe ser un texto',
    'Value must be a boolean': 'Debe ser true o false',
    'Value must be a DateTime': 'Debe ser una fecha y hora',
    'Value must be a Guid': 'Debe ser un GUID',
    'Value must be a file': 'Debe ser un archivo',
    'Parameter string value must be valid JSON': 'El valor debe ser JSON válido',
  };

  const plural = (n, one, many) => (n === '1' ? one : many);

  /** Texts with a variable part: the pattern and how to write it in Spanish. */
  const PATTERNS = [
    [/^For '([^']*)'(.*?): (.+)$/, (m) => `En «${m[1]}${m[2]}»: ${spanish(m[3]) ?? m[3]}`],
    [/^Required parameter (.+) is not provided$/, (m) => `Falta el parámetro obligatorio ${m[1]}`],
    [/^Value must be less than or equal to (.+)$/, (m) => `Debe ser menor o igual que ${m[1]}`],
    [/^Value must be greater than or equal to (.+)$/, (m) => `Debe ser mayor o igual que ${m[1]}`],
    [
      /^Value must be at least (\d+) characters?$/,
      (m) => `Debe tener al menos ${m[1]} ${plural(m[1], 'carácter', 'caracteres')}`,
    ],
    [
      /^Value must be no longer than (\d+) characters?$/,
      (m) => `Debe tener como máximo ${m[1]} ${plural(m[1], 'carácter', 'caracteres')}`,
    ],
    [/^Value must follow pattern (.+)$/, (m) => `Debe seguir el patrón ${m[1]}`],
    [
      /^Array must contain at least (\d+) items?$/,
      (m) => `Debe tener al menos ${m[1]} ${plural(m[1], 'elemento', 'elementos')}`,
    ],
    [
      /^Array must not contain more then (\d+) items?$/,
      (m) => `Debe tener como máximo ${m[1]} ${plural(m[1], 'elemento', 'elementos')}`,
    ],
  ];

  /** Where a parameter goes (shown in brackets under its name): OpenAPI's `in`. */
  const LOCATIONS = { path: 'ruta', query: 'consulta', header: 'cabecera', cookie: 'cookie' };

  /** Where nothing is translated: code, examples, typed values, names and paths of the API. */
  const SKIP =
    'pre, code, textarea, script, style, .opblock-summary-path, .parameter__name:not(.opblock-title), .prop-name';
  const ATTRIBUTES = ['title', 'aria-label', 'placeholder', 'alt'];

  const entry = (dictionary, key) =>
    Object.prototype.hasOwnProperty.call(dictionary, key) ? dictionary[key] : undefined;

  /** The Spanish of one whole text (trimmed), or undefined when it is not one of Swagger UI's. */
  function spanish(core) {
    const known = entry(TEXTS, core);
    if (known !== undefined) return known;
    for (const [pattern, write] of PATTERNS) {
      const m = pattern.exec(core);
      if (m) return write(m);
    }
    return undefined;
  }

  /** `text` in Spanish, keeping its surrounding spaces (none before punctuation), or undefined. */
  function translated(text) {
    const core = text.trim();
    if (core === '') return undefined;
    const es = spanish(core);
    if (es === undefined) return undefined;
    const start = text.slice(0, text.length - text.trimStart().length);
    const end = text.slice(text.trimEnd().length);
    return (/^[.,:;]/.test(es) ? '' : start) + es + end;
  }

  function translateText(node) {
    const parent = node.parentElement;
    if (!parent || parent.closest(SKIP)) return;
    const text = node.nodeValue ?? '';
    const es = parent.matches('.parameter__in') ? entry(LOCATIONS, text.trim()) : translated(text);
    if (es !== undefined && es !== node.nodeValue) node.nodeValue = es;
  }

  function translateAttribute(element, name) {
    const value = element.getAttribute(name);
    const es = value === null ? undefined : translated(value);
    if (es !== undefined && es !== value) element.setAttribute(name, es);
  }

  function translateTree(root) {
    if (root.nodeType === Node.TEXT_NODE) return translateText(root);
    if (root.nodeType !== Node.ELEMENT_NODE) return;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    for (let node = walker.currentNode; node; node = walker.nextNode()) {
      if (node.nodeType === Node.TEXT_NODE) translateText(node);
      else for (const name of ATTRIBUTES) if (node.hasAttribute(name)) translateAttribute(node, name);
    }
  }

  // A translated text is never one of the dictionary's, so what this observer writes does not loop.
  new MutationObserver((mutations) => {
    for (const m of mutations) {
      if (m.type === 'characterData') translateText(m.target);
      else if (m.type === 'attributes' && m.attributeName) translateAttribute(m.target, m.attributeName);
      else m.addedNodes.forEach(translateTree);
    }
  }).observe(document.body, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
    attributeFilter: ATTRIBUTES,
  });
  translateTree(document.body);
})();
