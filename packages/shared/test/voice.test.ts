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
