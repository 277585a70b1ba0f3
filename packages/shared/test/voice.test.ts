import { describe, expect, it } from 'vitest';
import { argDocNumberSchema, createUserBodySchema, inVoice, MESSAGES } from '../src';

/** The message a schema itself gives for a value (the tú text the forms and the server start from). */
function messageOf(schema: { safeParse(value: unknown): { success: boolean; error?: { issues: { message: string }[] } } }, value: unknown) {
  const result = schema.safeParse(value);
  expect(result.success).toBe(false);
  return result.error!.issues[0]!.message;
}

describe('inVoice', () => {
  it("speaks a schema's field message in arg voseo and col usted", () => {
    const required = messageOf(argDocNumberSchema, undefined);
    expect(required).toBe('Ingresa el DNI');
    expect(inVoice('arg', required)).toBe('Ingresá el DNI');
    expect(inVoice('col', required)).toBe('Ingrese el DNI');
    const role = messageOf(createUserBodySchema.shape.role, null);
    expect(inVoice('arg', role)).toBe('Elegí un rol');
    expect(inVoice('col', role)).toBe('Elija un rol');
  });

  it('speaks the pronouns, the verbs mid-sentence and the phrases of a message', () => {
    const message = 'Tu rol exige la verificación en dos pasos: no puedes desactivarla';
    expect(inVoice('arg', message)).toBe('Tu rol exige la verificación en dos pasos: no podés desactivarla');
    expect(inVoice('col', message)).toBe('Su rol exige la verificación en dos pasos: no puede desactivarla');
    const stale = 'El lead fue modificado por otro usuario: revisa sus cambios y vuelve a intentarlo.';
    expect(inVoice('arg', stale)).toBe('El lead fue modificado por otro usuario: revisá sus cambios y volvé a intentarlo.');
    expect(inVoice('col', stale)).toBe('El lead fue modificado por otro usuario: revise sus cambios y vuelva a intentarlo.');
  });

  it("speaks the screens' own texts: the sign-in, the unauthorized page, a conflict on the customer form", () => {
    const expired = 'Tu sesión terminó. Ingresa de nuevo para continuar donde estabas.';
    expect(inVoice('arg', expired)).toBe('Tu sesión terminó. Ingresá de nuevo para continuar donde estabas.');
    expect(inVoice('col', expired)).toBe('Su sesión terminó. Ingrese de nuevo para continuar donde estaba.');
    const refused = 'No tienes permiso para abrir esta página. Si crees que es un error, pídele acceso a un supervisor.';
    expect(inVoice('arg', refused)).toBe(
      'No tenés permiso para abrir esta página. Si creés que es un error, pedile acceso a un supervisor.',
    );
    expect(inVoice('col', refused)).toBe(
      'No tiene permiso para abrir esta página. Si cree que es un error, pídale acceso a un supervisor.',
    );
    const kept = 'Conservamos lo que escribiste. Revisa lo que cambió y vuelve a guardar: tú escribiste otro valor, que ya ves.';
    expect(inVoice('arg', kept)).toBe(
      'Conservamos lo que escribiste. Revisá lo que cambió y volvé a guardar: vos escribiste otro valor, que ya ves.',
    );
    expect(inVoice('col', kept)).toBe(
      'Conservamos lo que escribió. Revise lo que cambió y vuelva a guardar: usted escribió otro valor, que ya ve.',
    );
    const limit = 'Alcanzaste el límite de 120 páginas por minuto de esta lista. Espera 5 segundos para seguir.';
    expect(inVoice('arg', limit)).toBe('Alcanzaste el límite de 120 páginas por minuto de esta lista. Esperá 5 segundos para seguir.');
    expect(inVoice('col', limit)).toBe('Alcanzó el límite de 120 páginas por minuto de esta lista. Espere 5 segundos para seguir.');
    expect(inVoice('col', '¿Sigues ahí?')).toBe('¿Sigue ahí?');
    expect(inVoice('col', 'Guarda estos códigos. El sistema los guarda cifrados.')).toBe(
      'Guarde estos códigos. El sistema los guarda cifrados.',
    );
  });

  it("speaks each form of the screens' copy and the batches' row results: [tú, arg, col]", () => {
    const said: [string, string, string][] = [
      ['Se te asignó el lead #7', 'Se te asignó el lead #7', 'Se le asignó el lead #7'],
      [
        '3 de tus leads se asignaron a otro vendedor',
        '3 de tus leads se asignaron a otro vendedor',
        '3 de sus leads se asignaron a otro vendedor',
      ],
      [
        'Usaste un código de recuperación: te quedan 9',
        'Usaste un código de recuperación: te quedan 9',
        'Usó un código de recuperación: le quedan 9',
      ],
      [
        'Al ingresar te pedimos un código de tu aplicación. Te queda 1 código de recuperación.',
        'Al ingresar te pedimos un código de tu aplicación. Te queda 1 código de recuperación.',
        'Al ingresar le pedimos un código de su aplicación. Le queda 1 código de recuperación.',
      ],
      ['al ingresar te pediremos un código', 'al ingresar te pediremos un código', 'al ingresar le pediremos un código'],
      ['Tomaste la solicitud #12', 'Tomaste la solicitud #12', 'Tomó la solicitud #12'],
      ['Lo que recuperaste por día', 'Lo que recuperaste por día', 'Lo que recuperó por día'],
      [
        'Recuperamos lo que estabas escribiendo: revísalo antes de guardar.',
        'Recuperamos lo que estabas escribiendo: revisalo antes de guardar.',
        'Recuperamos lo que estaba escribiendo: revíselo antes de guardar.',
      ],
      ['Falta el tipo de cuenta: complétalo', 'Falta el tipo de cuenta: completalo', 'Falta el tipo de cuenta: complételo'],
      [
        'Nequi no tiene tipo de cuenta: déjalo vacío',
        'Nequi no tiene tipo de cuenta: dejalo vacío',
        'Nequi no tiene tipo de cuenta: déjelo vacío',
      ],
      [
        'El archivo supera las 100.000 filas: divídelo',
        'El archivo supera las 100.000 filas: dividilo',
        'El archivo supera las 100.000 filas: divídalo',
      ],
      [
        'El archivo XLSX no se puede leer: ábrelo y guárdalo de nuevo como XLSX, o súbelo como CSV',
        'El archivo XLSX no se puede leer: abrilo y guardalo de nuevo como XLSX, o subilo como CSV',
        'El archivo XLSX no se puede leer: ábralo y guárdelo de nuevo como XLSX, o súbalo como CSV',
      ],
      [
        'El archivo no es un CSV de texto: sube un CSV o un XLSX',
        'El archivo no es un CSV de texto: subí un CSV o un XLSX',
        'El archivo no es un CSV de texto: suba un CSV o un XLSX',
      ],
      [
        'El filtro abarca más de 5.000 préstamos: acótalo',
        'El filtro abarca más de 5.000 préstamos: acotalo',
        'El filtro abarca más de 5.000 préstamos: acótelo',
      ],
      [
        'un lote toma hasta 100.000: acota el filtro',
        'un lote toma hasta 100.000: acotá el filtro',
        'un lote toma hasta 100.000: acote el filtro',
      ],
      [
        'Etapa automática detenida: ejecútala a mano',
        'Etapa automática detenida: ejecutala a mano',
        'Etapa automática detenida: ejecútela a mano',
      ],
      ['Adjunta el comprobante', 'Adjuntá el comprobante', 'Adjunte el comprobante'],
      [
        'Toma una para trabajarla: queda asignada a ti.',
        'Tomá una para trabajarla: queda asignada a vos.',
        'Tome una para trabajarla: queda asignada a usted.',
      ],
      [
        'Arrastra una tarjeta a otra columna o elige «Mover a…».',
        'Arrastrá una tarjeta a otra columna o elegí «Mover a…».',
        'Arrastre una tarjeta a otra columna o elija «Mover a…».',
      ],
      ['1. Escanea este código QR', '1. Escaneá este código QR', '1. Escanee este código QR'],
      ['Configura la verificación en dos pasos', 'Configurá la verificación en dos pasos', 'Configure la verificación en dos pasos'],
      [
        '12 leads hoy · haz clic en una barra para verlos',
        '12 leads hoy · hacé clic en una barra para verlos',
        '12 leads hoy · haga clic en una barra para verlos',
      ],
      [
        'Otro usuario modificó este cliente mientras lo editabas',
        'Otro usuario modificó este cliente mientras lo editabas',
        'Otro usuario modificó este cliente mientras lo editaba',
      ],
      ['La solicitud cambió mientras la mirabas', 'La solicitud cambió mientras la mirabas', 'La solicitud cambió mientras la miraba'],
      ['El caso cambió mientras decidías', 'El caso cambió mientras decidías', 'El caso cambió mientras decidía'],
      ['se guarda la que indiques', 'se guarda la que indiques', 'se guarda la que indique'],
      [
        'se actualizan email y domicilio si los completas.',
        'se actualizan email y domicilio si los completás.',
        'se actualizan email y domicilio si los completa.',
      ],
      [
        'Se muestran los 20 clientes más recientes: precisa la búsqueda para ver otros.',
        'Se muestran los 20 clientes más recientes: precisá la búsqueda para ver otros.',
        'Se muestran los 20 clientes más recientes: precise la búsqueda para ver otros.',
      ],
      [
        'la vista de años está abierta, pasa al calendario',
        'la vista de años está abierta, pasá al calendario',
        'la vista de años está abierta, pase al calendario',
      ],
      [
        'el calendario está abierto, pasa a la vista de años',
        'el calendario está abierto, pasá a la vista de años',
        'el calendario está abierto, pase a la vista de años',
      ],
      ['Tú', 'Vos', 'Usted'],
    ];
    for (const [tu, arg, col] of said) {
      expect(inVoice('arg', tu)).toBe(arg);
      expect(inVoice('col', tu)).toBe(col);
    }
  });

  it('leaves the new forms alone where they are nouns, adjectives or the third person', () => {
    const message =
      'La copia adjunta. ¿Aprobar la solicitud? Pasa a transferencia. El precio sube un 5 %. Una fecha precisa. Cuotas completas. Se toma el caso.';
    expect(inVoice('arg', message)).toBe(message);
    expect(inVoice('col', message)).toBe(message);
  });

  it('leaves the third person, nouns and words that only contain a form alone', () => {
    const message = '¿Pedir información? La solicitud vuelve al vendedor (DEVUELTO). Una consulta que usa tutores.';
    expect(inVoice('arg', message)).toBe(message);
    expect(inVoice('col', message)).toBe(message);
  });

  it("leaves SPEC's own strings as SPEC writes them", () => {
    for (const country of ['arg', 'col'] as const) {
      expect(inVoice(country, MESSAGES.neotelLoginError)).toBe('Error: Revisa si estás logueado correctamente en Neotel');
      expect(inVoice(country, 'No tienes un usuario de neotel asignado')).toBe('No tienes un usuario de neotel asignado');
      expect(inVoice(country, MESSAGES.postponeConfirm)).toBe('¿Estas seguro de que deseas posponer la llamada?');
    }
  });
});
