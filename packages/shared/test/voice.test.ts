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
